import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptTokenFromUrl } from './api/token';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { initI18n } from './i18n';
import './styles.css';

adoptTokenFromUrl();
initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { watchPageLeave } from './api/pageLeave';
import { adoptTokenFromUrl } from './api/token';
import { startLanguage } from './app/language';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import './styles.css';

adoptTokenFromUrl();
watchPageLeave(window);

// The page renders once its language is loaded (the fallback language if that fails).
void startLanguage()
  .catch((error: unknown) => console.error(error))
  .finally(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    );
  });

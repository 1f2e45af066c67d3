import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { watchPageLeave } from './api/pageLeave';
import { takeHandoffFromAddress } from './api/token';
import { startLanguage } from './app/language';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import './styles.css';

const HandoffGate = lazy(() => import('./app/shell/HandoffGate'));

// A session handed over in the address is used only once the visitor agrees (HandoffGate), never silently.
const handoff = takeHandoffFromAddress();
watchPageLeave(window);

// The page renders once its language is loaded (the fallback language if that fails).
void startLanguage()
  .catch((error: unknown) => console.error(error))
  .finally(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          {handoff ? (
            <Suspense fallback={null}>
              <HandoffGate handoff={handoff}>
                <AppRouter />
              </HandoffGate>
            </Suspense>
          ) : (
            <AppRouter />
          )}
        </Providers>
      </StrictMode>,
    );
  });

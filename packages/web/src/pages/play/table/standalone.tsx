import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readToken } from '../../../api/token';
import { loginReturningTo } from '../../login/returnPath';
import { GameTable } from './GameTable';
import { startTableLanguage } from './tableLanguage';

// The table opened directly (`/play/game/:uuid` loaded or reloaded): it starts on its own, with React, the
// player link and its own strings only, none of the console's script (router, antd, the API client).

/**
 * Renders the table of `gameUuid` into `root`. Without a session the player goes to the login page, which brings
 * them back here.
 */
export async function startTable(root: HTMLElement, gameUuid: string): Promise<void> {
  if (!readToken()) {
    window.location.replace(loginReturningTo(window.location.pathname));
    return;
  }
  await startTableLanguage().catch((error: unknown) => console.error(error));
  createRoot(root).render(
    <StrictMode>
      <GameTable gameUuid={gameUuid} />
    </StrictMode>,
  );
}

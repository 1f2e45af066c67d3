import { useServerClock } from '../../api/queries';
import { AppHeader } from './AppHeader';
import { PageFrame } from './PageFrame';

/** The signed-in frame: header, the page, footer; never narrower than 1248 px. */
export function Shell() {
  // The server's clock is read at start-up: creation and season times are checked against it.
  useServerClock();
  return <PageFrame className="app-shell" contentClassName="app-content" top={<AppHeader />} />;
}

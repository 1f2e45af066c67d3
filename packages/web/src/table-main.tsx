import { takeHandoffFromAddress } from './api/token';
import { startTable } from './pages/play/table/standalone';

// The entry of a game's table opened directly (`/play/game/:uuid`, served from table.html): React, the player
// link and the table only, none of the console's script. Inside the console the same table is a route.

// The table takes no session from its address (a hand-off lands on the players' pages, which ask first).
takeHandoffFromAddress();
const gameUuid = /^\/play\/game\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
const root = document.getElementById('root') as HTMLElement;
if (gameUuid) void startTable(root, decodeURIComponent(gameUuid));
else window.location.replace('/play');

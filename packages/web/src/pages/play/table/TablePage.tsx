import { useParams } from 'react-router';
import { GameTable } from './GameTable';
import { useTableMessages } from './tableLanguage';

/** `/play/game/:gameUuid` inside the app (reached from the lobby): the table of that game. */
export default function TablePage() {
  const { gameUuid = '' } = useParams();
  const ready = useTableMessages();
  if (!ready) return null;
  return <GameTable gameUuid={gameUuid} />;
}

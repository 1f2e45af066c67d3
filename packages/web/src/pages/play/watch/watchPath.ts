/** A running game's spectator page (`/play/watch/:uuid?unique_id=`), as match-manage and the lobby link it. */
export const watchPath = (uniqueId: number, gameUuid: string) =>
  `/play/watch/${encodeURIComponent(gameUuid)}?unique_id=${uniqueId}`;

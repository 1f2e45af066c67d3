// Drag and drop ids of the reservation page: ready players and seated occupants are dragged; seats and the
// ready list take drops (a seat seats whoever is dropped; the list takes a seated player back).

export const LIST_DROP_ID = 'ready-list';

export const playerDragId = (accountId: number) => `player:${accountId}`;
export const seatDragId = (seat: number) => `seat:${seat}`;
export const seatDropId = (seat: number) => `seat-drop:${seat}`;

/** The seat index a drop id or seat drag id names, or null. */
export function seatIndexOf(id: string | number | null | undefined): number | null {
  const match = /^seat(?:-drop)?:(\d+)$/.exec(String(id ?? ''));
  return match ? Number(match[1]) : null;
}

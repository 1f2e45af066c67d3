/**
 * For each seat of a game (accounts in seat order), the robot's number among the game's robot seats (1, 2, …
 * in seat order), or null for a player's seat. The server records robots under the same numbers ("Robot 1",
 * "Robot 2", …), so the table, the replay, the records and their CSV name each robot alike, in the reader's
 * language.
 */
export function robotNumbers(accounts: readonly { account_id: number }[]): (number | null)[] {
  let n = 0;
  return accounts.map((a) => (a.account_id === 0 ? ++n : null));
}

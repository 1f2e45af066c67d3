import type { PlayerLinkOut, SeasonChange } from '@taikai/protocol';

type Listener<T> = (value: T) => void;

/** A set of listeners per key. */
class Topics<K, T> {
  private readonly listeners = new Map<K, Set<Listener<T>>>();
  /** Listeners of all keys together. */
  size = 0;

  on(key: K, listener: Listener<T>): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    if (!set.has(listener)) this.size++;
    set.add(listener);
    return () => {
      if (set.delete(listener)) this.size--;
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  emit(key: K, value: T): void {
    for (const listener of this.listeners.get(key) ?? []) listener(value);
  }

  has(key: K): boolean {
    return this.listeners.has(key);
  }

  /** The keys with listeners. */
  keys(): IterableIterator<K> {
    return this.listeners.keys();
  }
}

const seasonKey = (uniqueId: number, seasonId: number) => `${uniqueId}/${seasonId}`;

/**
 * What reaches the links in a season's lobby: a message for all of them (`send`), or word that the season's chat
 * limits changed (`chat_limits`: each link tells its player what they may do now).
 */
export type LobbyEvent = { kind: 'send'; out: PlayerLinkOut } | { kind: 'chat_limits' };

/** One fan-out, as it crosses to the other processes in the scaled mode. */
export type LiveMessage =
  | { to: 'season'; uniqueId: number; seasonId: number; change: SeasonChange }
  | { to: 'account'; accountId: number; out: PlayerLinkOut }
  | { to: 'lobby'; uniqueId: number; seasonId: number; event: LobbyEvent }
  | { to: 'lobbies'; uniqueId: number; event: LobbyEvent };

/**
 * The server's live fan-out: season changes for the console's event streams, and messages for each account's
 * player links. Each process delivers to its own listeners; in the scaled mode every fan-out also goes to the
 * other processes (`relayTo`), which deliver it to theirs (`receive`).
 */
export class LiveHub {
  private readonly seasons = new Topics<string, SeasonChange>();
  private readonly accounts = new Topics<number, PlayerLinkOut>();
  private readonly lobbies = new Topics<string, LobbyEvent>();
  private relay: ((message: LiveMessage) => void) | null = null;

  /** Sends every fan-out of this process to the others too. */
  relayTo(relay: (message: LiveMessage) => void): void {
    this.relay = relay;
  }

  /** A fan-out of another process, delivered here. */
  receive(message: LiveMessage): void {
    switch (message.to) {
      case 'season':
        this.seasons.emit(seasonKey(message.uniqueId, message.seasonId), message.change);
        return;
      case 'account':
        this.accounts.emit(message.accountId, message.out);
        return;
      case 'lobby':
        this.lobbies.emit(seasonKey(message.uniqueId, message.seasonId), message.event);
        return;
      case 'lobbies':
        this.emitLobbiesOf(message.uniqueId, message.event);
        return;
    }
  }

  onSeason(uniqueId: number, seasonId: number, listener: Listener<SeasonChange>): () => void {
    return this.seasons.on(seasonKey(uniqueId, seasonId), listener);
  }

  season(uniqueId: number, seasonId: number, change: SeasonChange): void {
    this.seasons.emit(seasonKey(uniqueId, seasonId), change);
    this.relay?.({ to: 'season', uniqueId, seasonId, change });
  }

  onAccount(accountId: number, listener: Listener<PlayerLinkOut>): () => void {
    return this.accounts.on(accountId, listener);
  }

  account(accountId: number, message: PlayerLinkOut): void {
    this.accounts.emit(accountId, message);
    this.relay?.({ to: 'account', accountId, out: message });
  }

  /** The player links in a season's lobby (those that entered it). */
  onLobby(uniqueId: number, seasonId: number, listener: Listener<LobbyEvent>): () => void {
    return this.lobbies.on(seasonKey(uniqueId, seasonId), listener);
  }

  lobby(uniqueId: number, seasonId: number, event: LobbyEvent): void {
    this.lobbies.emit(seasonKey(uniqueId, seasonId), event);
    this.relay?.({ to: 'lobby', uniqueId, seasonId, event });
  }

  /** To the links in every lobby of a tournament (a change of the tournament, such as its emoji switch). */
  lobbiesOf(uniqueId: number, event: LobbyEvent): void {
    this.emitLobbiesOf(uniqueId, event);
    this.relay?.({ to: 'lobbies', uniqueId, event });
  }

  private emitLobbiesOf(uniqueId: number, event: LobbyEvent): void {
    const prefix = `${uniqueId}/`;
    for (const key of [...this.lobbies.keys()]) if (key.startsWith(prefix)) this.lobbies.emit(key, event);
  }

  /** Whether the account has a player link open in this process. */
  linked(accountId: number): boolean {
    return this.accounts.has(accountId);
  }

  /** The accounts with a player link open in this process. */
  linkedAccounts(): number[] {
    return [...this.accounts.keys()];
  }

  /** Signed-in player links open in this process (each listens to its account). */
  get openLinks(): number {
    return this.accounts.size;
  }

  /** Season event streams open in this process (each listens to its season). */
  get openStreams(): number {
    return this.seasons.size;
  }
}

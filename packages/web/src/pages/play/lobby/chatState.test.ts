import type { ChatMessage, PlayerLinkOut } from '@taikai/protocol';
import { describe, expect, it } from 'vitest';
import { CHAT_KEEP, type ChatView, chatReducer, EMPTY_CHAT } from './chatState';

const season = { uniqueId: 7, seasonId: 2 };
const ids = { unique_id: 7, season_id: 2 };
const message = (id: number, text = `m${id}`): ChatMessage => ({
  id,
  account_id: 100 + id,
  nickname: `p${id}`,
  organiser: false,
  time: 1000 + id,
  text,
  stamp: null,
});
const run = (messages: PlayerLinkOut[], from: ChatView = EMPTY_CHAT) =>
  messages.reduce((state, m) => chatReducer(state, m, season), from);
const history = (messages: ChatMessage[], extra: Partial<PlayerLinkOut> = {}): PlayerLinkOut =>
  ({
    op: 'chat_history',
    ...ids,
    messages,
    stamps: true,
    can_send: true,
    reason: null,
    moderator: false,
    ...extra,
  }) as PlayerLinkOut;

describe('the lobby chat panel', () => {
  it('starts from the history, then adds new messages once each and drops deleted ones', () => {
    const state = run([
      history([message(1), message(2)]),
      { op: 'chat', ...ids, message: message(3) },
      { op: 'chat', ...ids, message: message(3) },
      { op: 'chat_deleted', ...ids, id: 2 },
    ]);
    expect(state.loaded).toBe(true);
    expect(state.messages.map((m) => m.id)).toEqual([1, 3]);
    expect(state).toMatchObject({ stamps: true, canSend: true, moderator: false });
  });

  it('ignores what belongs to another lobby', () => {
    const state = run([
      history([message(1)]),
      { op: 'chat', unique_id: 7, season_id: 3, message: message(9) },
      { op: 'chat_deleted', unique_id: 8, season_id: 2, id: 1 },
    ]);
    expect(state.messages.map((m) => m.id)).toEqual([1]);
  });

  it('keeps the latest 200 messages', () => {
    let state = run([history([])]);
    for (let i = 1; i <= CHAT_KEEP + 5; i++)
      state = chatReducer(state, { op: 'chat', ...ids, message: message(i) }, season);
    expect(state.messages).toHaveLength(CHAT_KEEP);
    expect(state.messages[0].id).toBe(6);
  });

  it('a whitelist or blacklist refusal stops the input and says why; a flood refusal only says why', () => {
    const flood = run([
      history([]),
      { op: 'error', code: 2512, message: 'Chat is restricted. (flood)', reason: 'flood' },
    ]);
    expect(flood).toMatchObject({ canSend: true, notice: 'flood', reason: null });
    const listed = run([{ op: 'error', code: 2512, message: '', reason: 'whitelist' }], flood);
    expect(listed).toMatchObject({ canSend: false, notice: 'whitelist', reason: 'whitelist' });
    const off = run([{ op: 'error', code: 2528, message: '' }], flood);
    expect(off.notice).toBe('off');
    // Other errors are not the chat's.
    expect(run([{ op: 'error', code: 2517, message: '' }], flood)).toBe(flood);
  });

  it('follows the organisers changing the limits', () => {
    const limited = run([
      history([], { can_send: false, reason: 'blacklist' } as Partial<PlayerLinkOut>),
      { op: 'error', code: 2512, message: '', reason: 'blacklist' },
    ]);
    expect(limited).toMatchObject({ canSend: false, reason: 'blacklist', notice: 'blacklist' });
    const free = run(
      [{ op: 'chat_state', ...ids, stamps: false, can_send: true, reason: null, moderator: false }],
      limited,
    );
    expect(free).toMatchObject({ canSend: true, reason: null, notice: null, stamps: false });
  });
});

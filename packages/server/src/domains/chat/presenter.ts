import type { ChatMessage } from '@taikai/protocol';
import type { ChatRow } from './queries';

/** A chat message as the player link sends it: text or a stamp id, never both. */
export function presentMessage(row: ChatRow): ChatMessage {
  return {
    id: row.id,
    account_id: row.accountId,
    nickname: row.nickname,
    organiser: row.organiser === 1,
    time: row.createTime,
    text: row.text,
    stamp: row.stamp,
  };
}

import type { HistoryEntryWire } from '@taikai/protocol';
import type { z } from 'zod';
import type { AuditRow } from './queries';

/** One audit entry as the History view shows it; the caller's address is not shown. */
export function presentHistoryEntry(
  row: AuditRow,
  names: Map<number, string>,
): z.infer<typeof HistoryEntryWire> {
  return {
    id: row.id,
    time: row.time,
    actor_id: row.actorId,
    actor_nickname: row.actorId === null ? '' : (names.get(row.actorId) ?? ''),
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

import type { Ctx } from './context';
import type { Executor } from './db/client';
import { auditLog } from './db/schema';

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
};

/** Appends who did what, with the state before and after, inside the caller's transaction. */
export async function audit(
  tx: Executor,
  ctx: Pick<Ctx, 'actor' | 'ip' | 'now'>,
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: ctx.actor?.id ?? null,
    ip: ctx.ip,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    time: ctx.now,
  });
}

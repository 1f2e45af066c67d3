import { desc, like, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

/** The operator's acts: audit entries whose action is `operator.…` (index `audit_log_operator_idx`). */
const OPERATOR_ACTS = like(auditLog.action, 'operator.%');

/** One page of the operator's acts, newest first, and how many there are. */
export async function operatorActs(
  db: Executor,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(OPERATOR_ACTS)
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(OPERATOR_ACTS);
  return { rows, total: Number(count?.n ?? 0) };
}

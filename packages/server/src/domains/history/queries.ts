import { and, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * The audit entries of a tournament: those on the tournament itself (target `contest`, id the unique_id) and
 * those on its seasons and their players (target `season`, id `<unique_id>/<season_id>`); with `kind`, only
 * actions `<kind>.…`.
 */
function ofContest(uniqueId: number, kind?: string): SQL | undefined {
  const target = or(
    and(eq(auditLog.targetType, 'contest'), eq(auditLog.targetId, String(uniqueId))),
    // The unique_id is digits only: the pattern holds no wildcard but the trailing one.
    and(eq(auditLog.targetType, 'season'), like(auditLog.targetId, `${uniqueId}/%`)),
  );
  return kind ? and(target, sql`split_part(${auditLog.action}, '.', 1) = ${kind}`) : target;
}

/** One page of a tournament's audit entries, newest first. */
export async function historyPage(
  db: Executor,
  uniqueId: number,
  page: { kind?: string; offset: number; limit: number },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(ofContest(uniqueId, page.kind))
    .orderBy(desc(auditLog.time), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many audit entries a tournament has (of `kind`). */
export async function historyCount(db: Executor, uniqueId: number, kind?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(ofContest(uniqueId, kind));
  return Number(row?.n ?? 0);
}

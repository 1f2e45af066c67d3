import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { seasons } from '../../db/schema';

export type SeasonRow = typeof seasons.$inferSelect;

export async function insertSeason(db: Executor, values: typeof seasons.$inferInsert): Promise<SeasonRow> {
  const [row] = await db.insert(seasons).values(values).returning();
  return row;
}

export async function seasonsOf(db: Executor, uniqueId: number): Promise<SeasonRow[]> {
  return db.select().from(seasons).where(eq(seasons.uniqueId, uniqueId)).orderBy(seasons.seasonId);
}

/** The newest season of each tournament. */
export async function latestSeasonsOf(db: Executor, uniqueIds: number[]): Promise<Map<number, SeasonRow>> {
  if (uniqueIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([seasons.uniqueId])
    .from(seasons)
    .where(inArray(seasons.uniqueId, uniqueIds))
    .orderBy(seasons.uniqueId, desc(seasons.seasonId));
  return new Map(rows.map((r) => [r.uniqueId, r]));
}

/** One season of a tournament; `lock` holds its row until the transaction ends. */
export async function seasonOf(
  db: Executor,
  uniqueId: number,
  seasonId: number,
  lock = false,
): Promise<SeasonRow | undefined> {
  const query = db
    .select()
    .from(seasons)
    .where(and(eq(seasons.uniqueId, uniqueId), eq(seasons.seasonId, seasonId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

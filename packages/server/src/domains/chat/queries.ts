import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { seasonChatMessages } from '../../db/schema';

// The season chat's SQL.

export type SeasonKey = { uniqueId: number; seasonId: number };
export type ChatRow = typeof seasonChatMessages.$inferSelect;

const ofSeason = (key: SeasonKey) =>
  and(eq(seasonChatMessages.uniqueId, key.uniqueId), eq(seasonChatMessages.seasonId, key.seasonId));

export async function insertMessage(
  db: Executor,
  values: Omit<typeof seasonChatMessages.$inferInsert, 'id'>,
): Promise<ChatRow> {
  const [row] = await db.insert(seasonChatMessages).values(values).returning();
  return row;
}

/** The latest `limit` messages of a season that are not deleted, oldest first. */
export async function latestMessages(db: Executor, key: SeasonKey, limit: number): Promise<ChatRow[]> {
  const rows = await db
    .select()
    .from(seasonChatMessages)
    .where(and(ofSeason(key), isNull(seasonChatMessages.deleteTime)))
    .orderBy(desc(seasonChatMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** A message of a season (deleted or not), locked until the transaction ends. */
export async function lockedMessage(db: Executor, key: SeasonKey, id: number): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(seasonChatMessages)
    .where(and(ofSeason(key), eq(seasonChatMessages.id, id)))
    .for('update');
  return row;
}

export async function markDeleted(db: Executor, id: number, by: number, now: number): Promise<void> {
  await db
    .update(seasonChatMessages)
    .set({ deleteTime: now, deletedBy: by })
    .where(eq(seasonChatMessages.id, id));
}

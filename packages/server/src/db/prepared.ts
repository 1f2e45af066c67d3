import type { SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

// Statements of the hot read paths, built once per database handle: drizzle spends more time building a query
// than PostgreSQL spends running a small one, and a named statement is also parsed and planned once per
// connection. A transaction builds its statement afresh (its handle lives for one transaction); the name and
// text are the same, so a connection that prepared it already reuses it.

const built = new WeakMap<Executor, Map<string, unknown>>();

/**
 * The statement `name` on `db`, made by `build` (which calls `.prepare(name)`) the first time the app's handle
 * asks for it. Each name must always be built by the same `build`.
 */
export function prepared<P>(db: Executor, name: string, build: (db: Executor) => P): P {
  if ((db as object) instanceof PgTransaction) return build(db);
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
  }
  let statement = byName.get(name) as P | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}

/** A prepared statement written as SQL text; its result is what `db.execute` answers (rows in `.rows`). */
export type PreparedSql = { execute(values: Record<string, unknown>): Promise<unknown> };

const dialect = new PgDialect();

/**
 * `prepared` for a statement written with `sql` (values as `sql.placeholder(…)`, filled by `execute`): the
 * statements drizzle's builder cannot express, such as the ranking's window queries, whose planning costs
 * PostgreSQL more than running them.
 */
export function preparedSql(db: Executor, name: string, build: () => SQL): PreparedSql {
  return prepared(db, name, (db) =>
    db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false),
  );
}

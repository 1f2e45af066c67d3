import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/client';

// Which failed queries mean "PostgreSQL is away, try again later" (answered 503) rather than a fault of the call.

/** A query error as drizzle reports it: its own error, the driver's as the cause. */
function wrapped(cause: object): Error {
  return Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
}

describe('a database that is away', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a server shutting down (57P01)', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      'a server starting up (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection exception (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['too many connections (53300)', Object.assign(new Error('too many clients'), { code: '53300' })],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
  ])('%s is recognised, bare or wrapped by drizzle', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a serialization failure (40001)', Object.assign(new Error('could not serialize'), { code: '40001' })],
    ['a query cancelled (57014)', Object.assign(new Error('canceling statement'), { code: '57014' })],
    ['a plain bug', new TypeError('x is undefined')],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});

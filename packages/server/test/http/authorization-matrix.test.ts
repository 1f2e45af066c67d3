import { ErrorCode } from '@taikai/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { type CallInfo, callsOf } from '../../src/http/route';
import { POLICY, type Role } from '../../src/policy';
import { CALL_CASES, fixture, type MatrixRole, people, ROLES, send } from '../support/call-cases';
import { startWorld } from '../support/world';

// The authorization matrix: every call the server declares, as each kind of person, against the policy table
// and the call's declared `auth` and `policy`. A call declared without a case fails here.

const world = await startWorld();
afterAll(() => world.close());
const calls = callsOf(world.app);

/** The refusals that mean "not for you"; any other answer means the call was let through to its rules. */
const AUTHORIZATION_CODES: number[] = [
  ErrorCode.NOT_LOGGED_IN,
  ErrorCode.CONTEST_NOT_FOUND,
  ErrorCode.NO_PERMISSION,
  ErrorCode.CREATOR_ONLY,
  ErrorCode.SPECTATE_UNSUPPORTED,
  ErrorCode.SPECTATE_OFF,
];

/** Where the policy table places each person of the matrix. */
const POLICY_ROLE: Record<Exclude<MatrixRole, 'anonymous'>, Role> = {
  creator: 'creator',
  admin: 'admin',
  chatManager: 'chatManager',
  playerManager: 'playerManager',
  observer: 'observer',
  player: 'none',
  stranger: 'none',
};

type Expected = 'allowed' | number;

function expectedFor(call: CallInfo, role: MatrixRole): Expected {
  if (call.auth === 'public') return 'allowed';
  // The operator console: no one of a tournament is an operator (the operator's own test lets one through).
  if (call.auth === 'operator')
    return role === 'anonymous' ? ErrorCode.NOT_LOGGED_IN : ErrorCode.NO_PERMISSION;
  if (role === 'anonymous') return ErrorCode.NOT_LOGGED_IN;
  if (!call.policy) return 'allowed';
  const allowed = POLICY[call.policy] as readonly Role[];
  const policyRole = POLICY_ROLE[role];
  if (allowed.includes(policyRole)) return 'allowed';
  // Who may not watch a tournament's games is told spectating is not for them (public spectating is off).
  if (call.policy === 'spectate') return ErrorCode.SPECTATE_UNSUPPORTED;
  if (policyRole === 'none') return ErrorCode.CONTEST_NOT_FOUND;
  return allowed.length === 1 && allowed[0] === 'creator' ? ErrorCode.CREATOR_ONLY : ErrorCode.NO_PERMISSION;
}

describe('authorization matrix', () => {
  let who: Awaited<ReturnType<typeof people>> | undefined;
  const peopleOnce = async () => {
    who ??= await people(world);
    return who;
  };

  it('every declared call has a case, and every case a declared call', () => {
    const declared = calls.map((c) => c.name);
    expect(declared.filter((name) => !CALL_CASES[name])).toEqual([]);
    expect(Object.keys(CALL_CASES).filter((name) => !declared.includes(name))).toEqual([]);
  });

  for (const call of calls) {
    const row = ROLES.map((role) => `${role} ${expectedFor(call, role)}`).join(' · ');
    it(`${call.name}: ${row}`, async () => {
      const testCase = CALL_CASES[call.name];
      expect(testCase, `no case for ${call.name}`).toBeDefined();
      // One tournament per call; the refused go first, so the allowed calls that change it come last.
      const f = await fixture(world, await peopleOnce(), testCase);
      for (const role of ROLES) {
        const expected = expectedFor(call, role);
        let token: string | undefined;
        if (role !== 'anonymous') {
          token = testCase.endsSession ? (await world.login(f[role])).token : f[role].token;
        }
        const res = await send(world, call, testCase.request(f, world), token);
        const code: number | undefined = res.body.error?.code;
        const got: Expected = code !== undefined && AUTHORIZATION_CODES.includes(code) ? code : 'allowed';
        expect(res.status, `${call.name} as ${role}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        expect(got, `${call.name} as ${role}: ${JSON.stringify(res.body)}`).toBe(expected);
        if (expected === ErrorCode.NOT_LOGGED_IN) expect(res.status).toBe(401);
      }
    });
  }
});

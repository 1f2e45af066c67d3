import { SeasonState, SignupType } from '@taikai/protocol';
import type { ContestPublicInfo } from '../../api/calls';

type PublicSeason = NonNullable<ContestPublicInfo['season']>;
type MySignup = ContestPublicInfo['signup'];

/** Why signing up is not possible right now (each matches a refusal of `signup_contest_season`). */
export type SignupBlock =
  | 'noSeason' // no season yet
  | 'finished' // 2508 / 2565: the season is finished or ended
  | 'blacklisted' // 2530
  | 'closed' // 2552: organisers add players themselves
  | 'notYet' // 2539: before the sign-up window
  | 'over' // 2539: after the sign-up window
  | 'full'; // 2566

/** What the player's sign-up area shows. */
export type SignupView =
  | { kind: 'accepted' }
  | { kind: 'pending'; canWithdraw: boolean }
  | { kind: 'open'; rejected: boolean }
  | { kind: 'blocked'; rejected: boolean; reason: SignupBlock };

/**
 * The sign-up state a player sees, from their own sign-up and the season (spec §4): accepted and pending
 * players see where they stand; the others may sign up unless one of the refusals applies, checked in
 * the order the server checks them. `now` is the server's clock (unix seconds).
 */
export function signupView(season: PublicSeason | null, signup: MySignup, now: number): SignupView {
  if (signup.state === 2) return { kind: 'accepted' };
  const over = !season || season.state === SeasonState.FINISHED || season.state === SeasonState.ENDED;
  if (signup.state === 1) return { kind: 'pending', canWithdraw: !over };
  const rejected = signup.state === 3;
  const block = (reason: SignupBlock): SignupView => ({ kind: 'blocked', rejected, reason });
  if (!season) return block('noSeason');
  if (over) return block('finished');
  if (season.signup_type !== SignupType.AUTO && season.signup_type !== SignupType.CHECK)
    return block('closed');
  if (season.signup_type === SignupType.CHECK) {
    if (now < season.signup_start_time) return block('notYet');
    if (now > season.signup_end_time) return block('over');
  }
  if (signup.blacklisted) return block('blacklisted');
  if (season.max_player_count > 0 && season.player_count >= season.max_player_count) return block('full');
  return { kind: 'open', rejected };
}

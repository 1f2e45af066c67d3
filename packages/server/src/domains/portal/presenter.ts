import { PublicContestState, type PublicContestWire, SeasonState } from '@taikai/protocol';
import type { z } from 'zod';
import { seasonState } from '../seasons/presenter';
import type { ListedContestRow } from './queries';

type ListedContest = z.infer<typeof PublicContestWire>;

/** A season's state as the public list names it. */
const LISTED_STATE: Record<SeasonState, number> = {
  [SeasonState.PENDING]: PublicContestState.NOT_STARTED,
  [SeasonState.RUNNING]: PublicContestState.RUNNING,
  [SeasonState.FINISHED]: PublicContestState.ENDED,
  [SeasonState.ENDED]: PublicContestState.ENDED,
};

/** A tournament of the portal's public list, with its newest season and the viewer's sign-up in it. */
export function presentListedContest(
  { contest, season, signupState }: ListedContestRow,
  now: number,
): ListedContest {
  return {
    unique_id: contest.uniqueId,
    contest_id: contest.contestId,
    contest_name: contest.name as ListedContest['contest_name'],
    mode: contest.roundType,
    state: LISTED_STATE[seasonState(season, now)],
    season_id: season.seasonId,
    start_time: season.startTime,
    end_time: season.endTime,
    signup_type: season.signupType,
    signup_state: signupState ?? 0,
  };
}

import { SeasonState } from '@taikai/protocol';

/** A season's state as a tag: its label key and colour. */
export const SEASON_STATE_TAG: Record<number, { key: string; color: string }> = {
  [SeasonState.PENDING]: { key: 'seasonState.pending', color: 'default' },
  [SeasonState.RUNNING]: { key: 'seasonState.running', color: 'green' },
  [SeasonState.FINISHED]: { key: 'seasonState.finished', color: 'blue' },
  [SeasonState.ENDED]: { key: 'seasonState.ended', color: 'default' },
};

/** The player's sign-up state (1 pending, 2 on the roster, 3 rejected) as a tag. */
export const SIGNUP_STATE_TAG: Record<number, { key: string; color: string }> = {
  1: { key: 'portal.signup.pending', color: 'gold' },
  2: { key: 'portal.signup.accepted', color: 'green' },
  3: { key: 'portal.signup.rejected', color: 'red' },
};

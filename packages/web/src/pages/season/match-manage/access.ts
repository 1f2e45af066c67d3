import { SeasonState } from '@taikai/protocol';
import { accessOf } from '../../contest/manager/access';
import type { SeasonPageProps } from '../pageProps';

/** Games and records change only in a season that has not ended, and only by the creator or an admin. */
export function gamesReadOnly({ contest, season }: SeasonPageProps): boolean {
  return season.state === SeasonState.ENDED || accessOf(contest).readOnly;
}

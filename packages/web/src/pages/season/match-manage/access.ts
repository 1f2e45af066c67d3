import { SeasonState } from '@taikai/protocol';
import { rightsOf } from '../../contest/rights';
import type { SeasonPageProps } from '../pageProps';

/** Games and records change only in a season that has not ended, and only by those who manage games. */
export function gamesReadOnly({ contest, season }: SeasonPageProps): boolean {
  return season.state === SeasonState.ENDED || !rightsOf(contest).can('manageGames');
}

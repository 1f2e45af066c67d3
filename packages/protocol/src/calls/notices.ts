import { z } from 'zod';
import { i18nTextSchema as I18nTextList } from '../lang';
import { LooseId } from './common';
import { FetchContestDetailRes } from './contests';

// POST /api/contest/update_contest_external_notice — the public notice, 500 characters per language (2548).
export const UpdateContestExternalNoticeReq = z.object({ unique_id: LooseId, notice: I18nTextList });
/** The tournament as it now stands (with review on: the old text and `check_state` 1). */
export const UpdateContestExternalNoticeRes = FetchContestDetailRes;

// POST /api/contest/update_contest_internal_notice — the private notice (players of the tournament), 3000 (2548).
export const UpdateContestInternalNoticeReq = z.object({ unique_id: LooseId, notice: I18nTextList });
export const UpdateContestInternalNoticeRes = FetchContestDetailRes;

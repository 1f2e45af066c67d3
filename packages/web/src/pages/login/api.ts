import { FetchAccountKindRes, FetchRegisterSettingRes } from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type CallOptions, request } from '../../api/client';

// The login and registration pages' own calls, kept with them (out of the console's first load).

export type RegisterSetting = z.infer<typeof FetchRegisterSettingRes>;

/** How registration works on this server: codes e-mailed, held by the operator, or not asked at all. */
export const fetchRegisterSetting = (options?: CallOptions) =>
  request('GET', '/api/contest/fetch_register_setting', FetchRegisterSettingRes, {}, options);

export function useRegisterSetting() {
  return useQuery({
    queryKey: ['register-setting'],
    queryFn: () => fetchRegisterSetting({ silent: true }),
    staleTime: 10 * 60_000,
  });
}

/** Whether the logged-in account organises (lands in the console) or plays (lands in the player portal). */
export const fetchAccountKind = (options?: CallOptions) =>
  request('GET', '/api/contest/fetch_account_kind', FetchAccountKindRes, {}, options);

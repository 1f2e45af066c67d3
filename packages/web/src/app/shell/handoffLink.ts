import { CreateHandoffCodeRes, HANDOFF_PARAM } from '@taikai/protocol';
import { request } from '../../api/client';

/** The address of the mobile pages carrying a one-time hand-off code (never the session token) as `?handoff=`. */
export function handoffUrl(code: string, base: string, origin = window.location.origin): string {
  const url = new URL(base, origin);
  url.searchParams.set(HANDOFF_PARAM, code);
  return url.toString();
}

/** Asks the server for a one-time code of this session and opens `target` with it. */
export async function openHandoff(target: string): Promise<void> {
  const { code } = await request('POST', '/api/create_handoff_code', CreateHandoffCodeRes, {});
  window.location.assign(handoffUrl(code, target));
}

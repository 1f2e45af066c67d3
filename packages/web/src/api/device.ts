import { isDeviceId } from '@taikai/protocol';

/** Where the browser keeps its device id. */
export const DEVICE_STORAGE_KEY = 'device_id';

/**
 * This browser's device id: random, made once and kept in localStorage. The server records it at login and
 * registration (the operator may ban a device); it says nothing about the person. Undefined where storage is
 * not available.
 */
export function deviceId(): string | undefined {
  try {
    const kept = localStorage.getItem(DEVICE_STORAGE_KEY);
    if (kept && isDeviceId(kept)) return kept;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const made = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(DEVICE_STORAGE_KEY, made);
    return made;
  } catch {
    return undefined;
  }
}

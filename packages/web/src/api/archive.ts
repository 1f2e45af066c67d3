import { i18next } from '../i18n';
import { ApiError, errorText, NETWORK_ERROR } from './client';
import { readToken } from './token';

/** Bytes received so far, and the archive's length (0 until the server has sent it). */
export type ArchiveProgress = { received: number; total: number };

/**
 * Downloads a tournament's archive (`export_contest_archive`): the server builds the zip, then sends its length
 * and its bytes, which are counted as they arrive. Refusals come back as `ApiError` with their translated text.
 */
export async function downloadArchive(
  uniqueId: number,
  onProgress: (progress: ArchiveProgress) => void,
  signal?: AbortSignal,
): Promise<{ fileName: string; blob: Blob }> {
  const headers: Record<string, string> = { 'X-Web-Client-Version': __APP_VERSION__ };
  const token = readToken();
  if (token) headers.Authorization = `Majsoul ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/contest/export_contest_archive?unique_id=${uniqueId}`, { headers, signal });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0, i18next.t('errors.disconnected'));
  }
  if (!response.ok || !response.headers.get('content-type')?.startsWith('application/zip')) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: unknown; message?: unknown };
    };
    const code = typeof body?.error?.code === 'number' ? body.error.code : 0;
    const message = typeof body?.error?.message === 'string' ? body.error.message : undefined;
    throw new ApiError(code, response.status, errorText(code, message ?? `HTTP ${response.status}`));
  }
  const total = Number(response.headers.get('content-length') ?? 0);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress({ received, total });
    }
  }
  return {
    fileName: name ?? `taikai-${uniqueId}.zip`,
    blob: new Blob(chunks as BlobPart[], { type: 'application/zip' }),
  };
}

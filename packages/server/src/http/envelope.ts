/** Success body: `{data}`. */
export function ok<T>(data: T): { data: T } {
  return { data };
}

export type ErrorBody = { error: { code: number; message: string; [k: string]: unknown } };

/** Failure body: `{error:{code, message}}`, plus any data the refusal carries. */
export function failure(code: number, message: string, data?: Record<string, unknown>): ErrorBody {
  return { error: { code, message, ...(data ?? {}) } };
}

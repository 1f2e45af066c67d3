import type { ErrorCode } from '../errors/codes';
import type { Lang } from '../lang';

/** One broken rule of a form or request: which field, and the error code both browser and server report. */
export interface ValidationIssue {
  field: string;
  code: ErrorCode;
  /** For multilingual text: the language entry at fault. */
  lang?: Lang;
}

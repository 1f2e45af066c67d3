import type en from './en';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The table's and replay's strings (keys `table.*`, `replay.*`), a small bundle per language of their own. */
export type TableMessages = Widen<typeof en>;

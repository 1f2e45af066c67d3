import type chs from './chs';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every operator console locale must have: the keys of the fallback locale, each a string. */
export type OperatorMessages = Widen<typeof chs>;

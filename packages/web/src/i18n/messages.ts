import type chs from './locales/chs';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every locale must have: the keys of the fallback locale, each a string. */
export type Messages = Widen<typeof chs>;

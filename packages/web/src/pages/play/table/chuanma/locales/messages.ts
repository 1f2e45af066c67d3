import type en from './en';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The chuanma table's strings (`table.chuanma.*`), loaded with the chuanma view. */
export type ChuanmaMessages = Widen<typeof en>;

// First: how schemas are built in a browser (see schema-setup.ts).
import './schema-setup';

export * from './calls';
export * from './chat';
export * from './constants';
export * from './enums';
export * from './errors';
export * from './game-variant';
export * from './handoff';
export * from './ids';
export * from './lang';
export * from './level';
export * from './live';
export * from './password';
export * from './policy';
export * from './rank-rule';
export * from './round-type';
export * from './rules';
export * from './scores';
export * from './spreadsheet';
export * from './validation';

export * from './calls';
export * from './constants';
export * from './enums';
export * from './game-variant';
export * from './lang';
export * from './level';
export * from './rank-rule';
export * from './round-type';

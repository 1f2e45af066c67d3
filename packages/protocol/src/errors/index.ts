export * from './catalogue';
export * from './codes';
export * from './messages';

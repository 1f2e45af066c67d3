export * from './defaults';
export * from './detail-rule';
export * from './editor';
export * from './playable';
export * from './presets';
export * from './validate';

export * from './defaults';
export * from './detail-rule';
export * from './presets';
export * from './validate';

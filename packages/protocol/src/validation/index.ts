export * from './games';
export * from './issue';
export * from './team';
export * from './text';
export * from './time';

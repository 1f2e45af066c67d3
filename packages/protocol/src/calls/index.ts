// Request and response schemas of every call, one module per domain.
export * from './accounts';
export * from './archives';
export * from './common';
export * from './contests';
export * from './games';
export * from './managers';
export * from './notices';
export * from './portal';
export * from './ranking';
export * from './records';
export * from './roster';
export * from './seasons';
export * from './share-links';
export * from './spectate';
export * from './teams';
export * from './webhooks';

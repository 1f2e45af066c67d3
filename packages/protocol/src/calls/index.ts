// Request and response schemas of every call, one module per domain.
export * from './accounts';
export * from './common';
export * from './contests';
export * from './managers';
export * from './notices';
export * from './roster';
export * from './seasons';

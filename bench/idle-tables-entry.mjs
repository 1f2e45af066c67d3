// Worker threads do not inherit the TypeScript loader of the parent: register it, then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./idle-tables-worker.ts');

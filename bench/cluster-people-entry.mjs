// Worker threads do not inherit the TypeScript loader of the parent: register it, then load the people.
import { register } from 'tsx/esm/api';

register();
await import('./cluster-people.ts');

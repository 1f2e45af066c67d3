import { config } from 'zod';

// In a browser the console runs under the server's content security policy, which allows its own scripts
// only, never `eval` or `new Function`. zod compiles object parsers with `new Function` unless told not to,
// and even its probe for whether it may is reported as a policy violation; the setting only counts for
// schemas built after it, so index.ts imports this module before any schema. On the server compiling is
// allowed and stays on.
if ('document' in globalThis) config({ jitless: true });

import { config } from 'zod/v4/core';

// zod compiles a faster parser with `new Function`, which our Content-Security-Policy forbids
// (script-src 'self'): its probe for that is reported as a CSP violation even though zod catches
// the error. The web parses small forms, so it takes the interpreted parser and never probes.
// Imported first by main.tsx, before any schema is built.
config({ jitless: true });

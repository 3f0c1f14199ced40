import { z } from 'zod';

// The console runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles its object
// schemas with `new Function` where it may, and probes for it when the first one is made: the
// policy blocks the probe and the browser reports a violation. Without its compiler, zod checks the
// same rules, a little slower, which forms never notice. This module is the entry's first import,
// so it runs before any schema is made.
z.config({ jitless: true });

import { z } from 'zod';

// Imported first by main.tsx, before any schema is built: zod decides per object schema, when it is built, whether to
// compile its parser with eval, which the app's Content-Security-Policy refuses (even zod's probe for it is reported).
z.config({ jitless: true });

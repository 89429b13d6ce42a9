import { config } from "zod/v4/core";

// zod 4 probes `new Function("")` when it builds its first object schema, to decide whether it may
// compile fast parsers. Our Content-Security-Policy has no 'unsafe-eval', so the browser refuses the probe
// and reports a CSP violation on every page that loads a schema (Lighthouse: "Issues were logged in the
// Issues panel"). Under `jitless` zod skips the probe and parses without compiled code, which the few
// small forms of the client never notice. Imported first by main.tsx: it must run before any schema
// module (they load in lazy chunks). The server keeps zod's compiled parsers.
config({ jitless: true });

// zod 4 probes `new Function("")` when it builds its first object schema, to decide whether it may
// compile fast parsers. Our Content-Security-Policy has no 'unsafe-eval', so the browser refuses the probe
// and reports a CSP violation on every page that loads a schema (Lighthouse: "Issues were logged in the
// Issues panel"). Under `jitless` zod skips the probe and parses without compiled code, which the few
// small forms of the client never notice. The server keeps zod's compiled parsers.
//
// zod keeps its settings in this global object (zod/v4/core: `globalThis.__zod_globalConfig`, the object
// `z.config()` writes), so setting it here costs the entry chunk nothing, where importing `z.config`
// would pull zod's core into it (3.8 kB gzip). main.tsx imports this first; zod itself loads later, in
// the lazy chunks. zod-jitless.test.ts checks that the installed zod reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};

// The admin's Content-Security-Policy allows no eval (api/src/security-headers.ts). Zod compiles object parsers
// with `new Function` where it may, and finds out by trying one as each object schema is built, which a strict
// CSP reports as a violation even though Zod catches the refusal; its jitless mode skips both. The setting has
// to exist before the first schema is built, and the bundler may run the schema modules before any module of
// ours, so it is this classic script, run before the bundle, writing the global config Zod reads at start
// (`z.config` writes the same object).
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

// The admin catalogue's forms (docs/catalog.md): values go to the server as typed (strings); the
// server applies SPEC §9's defaults. The keys are the shared ones (web/lib/catalog.ts
// `catalogKeys`), so the admin's changes reach every feature's cached catalogue.

export type FormBody = Record<string, unknown>;

// The admin's query keys (docs/web.md, "Data layer"). The catalogue's are shared by every
// feature (web/lib/catalog.ts `catalogKeys`), so the admin's changes reach every cached copy.

export const adminKeys = {
  frontendLogs: (page: number) => ['admin', 'frontends-logs', page] as const,
};

// The admin's query keys (docs/web.md, "Data layer"). The catalogue's are shared by every
// feature (web/lib/catalog.ts `catalogKeys`), so the admin's changes reach every cached copy.

export const adminKeys = {
  frontendLogs: (page: number) => ['admin', 'frontends-logs', page] as const,
  /** Everything of the moderation tab: the queue and the audit log (issue 19). */
  moderation: ['admin', 'moderation'] as const,
  moderationQueue: (page: number, status: string, sort: string) =>
    [...adminKeys.moderation, 'queue', { page, status, sort }] as const,
  moderationLog: (page: number) => [...adminKeys.moderation, 'log', page] as const,
  /** The audit trail of staff actions (issue 34 item 4), per page and filters. */
  audit: (page: number, action: string, actorId: number | null) =>
    ['admin', 'audit', { page, action, actorId }] as const,
};

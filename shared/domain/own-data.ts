// A person's own data (issue 34 item 5): the export file's name, the same on the server (its
// Content-Disposition) and in the web app (the file it saves).

/** `souq-<user id>-<YYYY-MM-DD>.json`, the day of `exportedAt` (ISO 8601, UTC). */
export const exportFileName = (userId: number, exportedAt: string) =>
  `souq-${userId}-${exportedAt.slice(0, 10)}.json`;

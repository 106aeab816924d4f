// The conversations' query keys (docs/web.md, "Data layer"). A command's entry is here too: a
// comment's page in a command's thread reads it, and the commands feature (which imports this
// feature's index, never the other way round) writes the same entry.

export const commentKeys = {
  /** One comment: every view of it (in a list, on its own page) reads the same entry. */
  item: (id: number) => ['comments', 'item', id] as const,
};

export const commandKeys = {
  /** One command, in a list or on its own page. */
  item: (id: number) => ['commands', 'item', id] as const,
};

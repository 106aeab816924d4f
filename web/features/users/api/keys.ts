// The users feature's query keys (docs/web.md, "Data layer").

export const userKeys = {
  /** A public profile (GET /users/user/{id}). */
  detail: (id: number) => ['user', id] as const,
  /** The first offers of a user's personal shop, for their page. */
  offers: (shopId: number) => ['user', 'offers', shopId] as const,
  /** The signed-in user's pending shop invitations (GET /shops/invitations). */
  myInvitations: ['shops', 'invitations', 'mine'] as const,
};

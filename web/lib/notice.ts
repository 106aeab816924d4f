// A word of success carried to the next page (issue 20 item 9): 'your account is ready' after
// signing up, 'the offer was deleted' after deleting it from its page. The page that navigates
// puts the notice's dictionary key in the router state (the shell shows it); only these keys are.

export const NOTICES = [
  'notice_signed_up',
  'notice_offer_deleted',
  'notice_demand_deleted',
] as const;
export type Notice = (typeof NOTICES)[number];

/** The router state that shows `notice` on the page navigated to. */
export const withNotice = (notice: Notice) => ({ notice });

/** The notice a router state carries, if it is one of ours. */
export function noticeOf(state: unknown): Notice | null {
  const key = (state as { notice?: unknown } | null)?.notice;
  return NOTICES.find((notice) => notice === key) ?? null;
}

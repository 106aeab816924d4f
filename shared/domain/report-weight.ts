import { accountAgeDays } from './account-trust';
import { AUTO_HIDE, reporterTrust, type ReporterRecord } from './trust';

// Issue 29 item 4 (docs/trust.md, "Auto-hide"): whose reports may hide an item for everyone
// before a moderator looks. Pure, no I/O; trust.ts's reporterTrust stays the weight, with three
// rules around it so that the weight cannot be farmed within hours:
// - a reporter younger than `minAccountAgeDays` weighs nothing toward a hide (its reports still
//   put the item in the queue); between that and trust.ts's 7 days only reports a moderator
//   upheld on items of accounts it is not linked to lift it (the server counts those only);
// - reporters who share an address (their sessions') count once;
// - a seller with history (an account of `sellerHistoryDays` with `sellerHistoryOffers` offers)
//   is not hidden by reports: the item waits in the queue for a moderator, visible.

export const REPORT_WEIGHT = {
  minAccountAgeDays: 3,
  sellerHistoryDays: 30,
  sellerHistoryOffers: 3,
} as const;

export interface WeighedReporter extends ReporterRecord {
  /** `upheld` counts only reports upheld on items of accounts the reporter is not linked to. */
  user_id: number;
  /** The addresses the reporter's sessions come from (limit keys). */
  addresses: string[];
}

/** A reporter's weight toward an automatic hide (0 below the minimum age). */
export function autoHideWeight(r: ReporterRecord, at: Date = new Date()): number {
  if (accountAgeDays(r.created_at, at.getTime()) < REPORT_WEIGHT.minAccountAgeDays) return 0;
  return reporterTrust(r, at);
}

/**
 * Trusted reporters counted as people: reporters linked by a shared address (directly or
 * through others) are one group, and a group counts once.
 */
export function distinctTrustedReporters(reporters: WeighedReporter[], at: Date = new Date()) {
  const trusted = reporters.filter((r) => autoHideWeight(r, at) >= AUTO_HIDE.trustedMin);
  const groupOf = new Map<number, number>();
  const find = (i: number): number => {
    let root = i;
    while (groupOf.get(root) !== root) root = groupOf.get(root)!;
    return root;
  };
  trusted.forEach((_, i) => groupOf.set(i, i));
  const byAddress = new Map<string, number>();
  trusted.forEach((r, i) => {
    for (const address of r.addresses) {
      const other = byAddress.get(address);
      if (other === undefined) byAddress.set(address, i);
      else groupOf.set(find(i), find(other));
    }
  });
  return new Set(trusted.map((_, i) => find(i))).size;
}

export interface SellerRecord {
  created_at: string;
  /** Offers the account has posted (still existing). */
  offers: number;
}

export function hasSellerHistory(s: SellerRecord, at: Date = new Date()): boolean {
  return (
    accountAgeDays(s.created_at, at.getTime()) >= REPORT_WEIGHT.sellerHistoryDays &&
    s.offers >= REPORT_WEIGHT.sellerHistoryOffers
  );
}

/**
 * What enough reports do: nothing yet (`none`), hold the item for review (`hide`, the item is in
 * the queue already), or leave a seller with history visible and ask a moderator (`review`).
 */
export function autoHideVerdict(
  reporters: WeighedReporter[],
  seller: SellerRecord | null,
  at: Date = new Date(),
): 'none' | 'hide' | 'review' {
  if (distinctTrustedReporters(reporters, at) < AUTO_HIDE.minTrustedReporters) return 'none';
  return seller && hasSellerHistory(seller, at) ? 'review' : 'hide';
}

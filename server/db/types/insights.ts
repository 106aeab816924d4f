import type { Counter } from './columns';

// Row types of offers' daily figures (docs/insights.md).

/** Per offer and UTC day (YYYY-MM-DD): views, phone reveals, taps (015, docs/insights.md). */
export interface ProductDailyStatsTable {
  product_id: number;
  day: string;
  view_count: Counter;
  phone_count: Counter;
  call_count: Counter;
  whatsapp_count: Counter;
  share_count: Counter;
  /** Bumps by the shop's staff (025, issue 32). */
  bump_count: Counter;
}

/** The day's keyed hashes of (visitor, offer): one view each; deleted with the day (015). */
export interface ProductViewMarksTable {
  day: string;
  mark: string;
}

/** Per shop and UTC day: numbers given on the shop's page or its owner's profile (021). */
export interface ShopDailyStatsTable {
  shop_id: number;
  day: string;
  phone_count: Counter;
}

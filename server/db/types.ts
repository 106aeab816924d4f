import type {
  ColumnType,
  Generated,
  Insertable,
  Kysely,
  Selectable,
  Transaction,
  Updateable,
} from 'kysely';
import type {
  FIELD_POSITIONS,
  FIELD_TYPES,
  FIELD_UNITS,
  Language,
  NOTIFICATION_KINDS,
  PRODUCT_TYPES,
  ReactionKind,
  REACTIONABLE_TYPES,
  COMMENTABLE_TYPES,
  ShopRole,
  SiteRole,
  SUBCATEGORY_UNITS,
  YesNo,
} from '../../shared/constants';
import type { OfferType } from '../../shared/domain/products';
import type {
  ModeratedType,
  ModerationFlag,
  ModerationStatus,
  ReportReason,
  ReportStatus,
} from '../../shared/domain/trust';

// Enum columns carry their closed set of values (shared/constants.ts), so rows read back typed.
type FieldType = (typeof FIELD_TYPES)[number];
type FieldUnit = (typeof FIELD_UNITS)[number];
type FieldPosition = (typeof FIELD_POSITIONS)[number];
type SubcategoryUnit = (typeof SUBCATEGORY_UNITS)[number];
type ProductType = (typeof PRODUCT_TYPES)[number];
type ReactionableType = (typeof REACTIONABLE_TYPES)[number];
type CommentableType = (typeof COMMENTABLE_TYPES)[number];
type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

// Row types of the database (not the API's types: mappers in each feature turn one into the other).
// Conventions shared by both engines: dates are ISO 8601 UTC text; yes/no flags are 'yes'|'no' text;
// booleans are 0/1 integers; JSON is text.

type Id = Generated<number>;
type Counter = ColumnType<number, number | undefined, number>;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type ReactionCounters = {
  like_count: Counter;
  haha_count: Counter;
  love_count: Counter;
  wow_count: Counter;
  sad_count: Counter;
  angry_count: Counter;
};

export interface SettingsTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: Id;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_1: string;
  phone_2: string | null;
  whatsapp_number: string | null;
  photo: string | null;
  cover: string | null;
  more_infos: string | null;
  role: Defaulted<SiteRole>;
  language: Language | null;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** Issue 21: when phone_1 was proved by a code; null until then and once it changes. */
  phone_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while the account is banned (migration 014). */
  banned_at: Defaulted<string | null>;
  ban_reason: Defaulted<string | null>;
  reports_upheld: Defaulted<number>;
  reports_dismissed: Defaulted<number>;
}

export interface SessionsTable {
  id: string; // sha256 of the cookie's secret id
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_start: string;
  last_failure_at: string | null;
}

export interface ShopsTable {
  id: Id;
  name: string;
  logo: string | null;
  cover: string | null;
  description: string | null;
  phone_1: string | null;
  phone_2: string | null;
  first_whatsapp_number: string | null;
  second_whatsapp_number: string | null;
  email: string | null;
  more_infos: string | null;
  is_professional: Defaulted<number>;
  latitude: number | null;
  longitude: number | null;
  pcategory_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ShopEmployeesTable {
  shop_id: number;
  user_id: number;
  role: ShopRole;
  created_at: string;
}

/** A pending staff invitation (migration 007): `login` is a normalised phone or an email. */
export interface ShopInvitationsTable {
  id: Id;
  shop_id: number;
  login: string;
  role: ShopRole;
  invited_by: number | null;
  created_at: string;
}

/** Per-user rate limits (server/limits/): hits of `key` in `scope` during one fixed window. */
export interface RateLimitsTable {
  scope: string;
  key: string;
  /** Unix seconds. */
  window_start: number;
  window_end: number;
  count: number;
}

export interface PcategoriesTable {
  id: Id;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  order_number: Defaulted<number>;
  created_at: string;
  updated_at: string;
}

export interface PsubcategoriesTable {
  id: Id;
  pcategory_id: number;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  order_number: Defaulted<number>;
  can_be_used: Defaulted<YesNo>;
  can_be_rented: Defaulted<YesNo>;
  can_be_delivered: Defaulted<YesNo>;
  can_be_priced: Defaulted<YesNo>;
  can_be_counted: Defaulted<YesNo>;
  mesure_unit: Defaulted<SubcategoryUnit>;
  created_at: string;
  updated_at: string;
}

export interface PfieldsTable {
  id: Id;
  psubcategory_id: number;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  translated: Defaulted<YesNo>;
  type: Defaulted<FieldType>;
  mesure_unit: Defaulted<FieldUnit>;
  position: Defaulted<FieldPosition>;
  values: Defaulted<string>; // JSON text: [{ value, sub_field?: { name, values } }]
  created_at: string;
  updated_at: string;
}

export interface ProductsTable extends ReactionCounters {
  id: Id;
  type: ProductType;
  shop_id: number;
  user_id: number | null; // who posted it
  psubcategory_id: number;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  more_infos_ar: string | null;
  more_infos_fr: string | null;
  description: string | null;
  price: number | null;
  offer_type: OfferType;
  negotiable: Defaulted<YesNo>;
  used: Defaulted<YesNo>;
  delivery: Defaulted<YesNo>;
  private: Defaulted<YesNo>;
  number: Defaulted<number>;
  sold_count: Counter;
  sold: Counter;
  saved_count: Counter;
  reports_count: Counter;
  comments_count: Counter;
  commands_count: Counter;
  latitude: number | null;
  longitude: number | null;
  distance: number | null;
  contact_methods: Defaulted<string>; // JSON text: ["call","whatsapp",...]
  search_text: Defaulted<string>; // normalised names and infos of both languages (DESIGN §7)
  search_stems: Defaulted<string>; // stems of its words (shared/domain/search-terms.ts)
  search_related: Defaulted<string>; // lexicon words, catalogue names (search-terms.ts)
  created_at: string;
  updated_at: string;
  moderation_status: Defaulted<ModerationStatus>; // migration 014
}

export interface ProductFilesTable {
  id: Id;
  product_id: number;
  type: 'image' | 'video';
  name: string;
  extension: string;
  position: Defaulted<number>;
  created_at: string;
  /** Perceptual hash of an image (16 hex digits, migration 014); null for videos. */
  phash: Defaulted<string | null>;
  /**
   * Pixel sizes (migration 017) of the original image and of its small variant; for a video, of its
   * poster's two sizes. Null until known (rows older than 017 get them from the backfill at start).
   */
  width: Defaulted<number | null>;
  height: Defaulted<number | null>;
  small_width: Defaulted<number | null>;
  small_height: Defaulted<number | null>;
}

/** A product image's hash cut into bands (migration 018; shared/domain/trust.ts). */
export interface PhotoHashBandsTable {
  file_id: number;
  band: number;
  value: number;
}

export interface ProductPfieldTable {
  product_id: number;
  pfield_id: number;
  value: string;
  sub_value: string | null; // the sub-field's value (SPEC §3: a brand's model), migration 010
}

export interface SavesTable {
  user_id: number;
  product_id: number;
  created_at: string;
}

export interface ReportsTable extends SavesTable {
  reason: Defaulted<ReportReason>;
  text: Defaulted<string | null>;
  status: Defaulted<ReportStatus>;
}

/** Reports of comments and commands (migration 014): exactly one of the two ids is set. */
export interface ItemReportsTable {
  id: Id;
  user_id: number;
  comment_id: number | null;
  command_id: number | null;
  reason: ReportReason;
  text: string | null;
  status: Defaulted<ReportStatus>;
  created_at: string;
}

/** One row per item that entered the moderation queue (migration 014). */
export interface ModerationItemsTable {
  id: Id;
  target_type: ModeratedType;
  target_id: number;
  author_id: number | null;
  pending: Defaulted<number>;
  flag: Defaulted<ModerationFlag | null>;
  reports_count: Defaulted<number>;
  last_event_at: string;
  created_at: string;
}

/** Every moderation action, by a moderator (actor) or automatic (actor null). */
export interface ModerationLogTable {
  id: Id;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: number;
  note: string | null;
  created_at: string;
}

export interface ReactionsTable {
  id: Id;
  user_id: number;
  reactionable_type: ReactionableType;
  reactionable_id: number;
  product_id: number | null;
  comment_id: number | null;
  command_id: number | null;
  name: ReactionKind;
  created_at: string;
}

export interface CommentsTable extends ReactionCounters {
  id: Id;
  user_id: number;
  commentable_type: CommentableType;
  commentable_id: number;
  product_id: number; // the product the thread hangs under
  command_id: number | null; // set anywhere under a command
  parent_id: number | null; // set when replying to a comment
  depth: Defaulted<number>; // 1 for a comment on a product or command
  text: string;
  comments_count: Counter;
  created_at: string;
  updated_at: string;
  moderation_status: Defaulted<ModerationStatus>; // migration 014
}

export interface CommandsTable extends ReactionCounters {
  id: Id;
  user_id: number;
  product_id: number;
  price: number | null;
  number: Defaulted<number>;
  period: number | null;
  private: Defaulted<YesNo>;
  text: string | null;
  sold: Counter;
  comments_count: Counter;
  created_at: string;
  updated_at: string;
  moderation_status: Defaulted<ModerationStatus>; // migration 014
}

export interface NotificationsTable {
  id: Id;
  user_id: number;
  type: NotificationKind;
  data: string; // JSON text
  read_at: string | null;
  created_at: string;
}

export interface FrontendLogsTable {
  id: Id;
  user_id: number | null;
  text: string;
  created_at: string;
  /** The address that sent it (quota and pruning per source); null for logs before 006. */
  source: string | null;
}

export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  shops: ShopsTable;
  shop_employees: ShopEmployeesTable;
  pcategories: PcategoriesTable;
  psubcategories: PsubcategoriesTable;
  pfields: PfieldsTable;
  products: ProductsTable;
  product_files: ProductFilesTable;
  photo_hash_bands: PhotoHashBandsTable;
  product_pfield: ProductPfieldTable;
  saves: SavesTable;
  reports: ReportsTable;
  reactions: ReactionsTable;
  comments: CommentsTable;
  commands: CommandsTable;
  notifications: NotificationsTable;
  frontend_logs: FrontendLogsTable;
  shop_invitations: ShopInvitationsTable;
  rate_limits: RateLimitsTable;
  search_terms: SearchTermsTable;
  product_daily_stats: ProductDailyStatsTable;
  product_view_marks: ProductViewMarksTable;
  account_codes: AccountCodesTable;
  search_term_variants: SearchTermVariantsTable;
  search_term_positions: { n: number };
  saved_searches: SavedSearchesTable;
  item_reports: ItemReportsTable;
  moderation_items: ModerationItemsTable;
  moderation_log: ModerationLogTable;
  stream_leases: StreamLeasesTable;
}

/** A live notification stream held by a process (019, server/features/notifications/stream-leases.ts). */
export interface StreamLeasesTable {
  user_id: number;
  slot: number;
  holder: string;
  stream: string;
  /** Unix milliseconds. */
  expires_at: number;
}

/** The typo tier's vocabulary: the index's stems and how many products hold each (009). */
export interface SearchTermsTable {
  term: string;
  length: number;
  count: number;
}

/**
 * The vocabulary's terms under their deletion variants (011): the typo tier's index look-up
 * (shared/domain/search-terms.ts `deletionKeys`).
 */
export interface SearchTermVariantsTable {
  variant: string;
  term: string;
}

/** A user's saved search and its alert state (013, docs/searches.md). */
export interface SavedSearchesTable {
  id: Id;
  user_id: number;
  name: string;
  /** The search body of SPEC §7, JSON text. */
  query: string;
  /** offer or demand: the body's type, so that a new product reads only the searches for it. */
  product_type: string;
  new_count: Generated<number>;
  pending_count: Generated<number>;
  pending_product_id: number | null;
  last_alert_at: string | null;
  last_seen_at: string;
  created_at: string;
}

export type DB = Kysely<Database>;
/** A repository function runs on the database or inside a transaction: it takes either. */
export type Executor = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ShopRow = Selectable<ShopsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type CommandRow = Selectable<CommandsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type PcategoryRow = Selectable<PcategoriesTable>;
export type PsubcategoryRow = Selectable<PsubcategoriesTable>;
export type PfieldRow = Selectable<PfieldsTable>;

/** Per offer and UTC day (YYYY-MM-DD): views, phone reveals, taps (015, docs/insights.md). */
export interface ProductDailyStatsTable {
  product_id: number;
  day: string;
  view_count: Counter;
  phone_count: Counter;
  call_count: Counter;
  whatsapp_count: Counter;
  share_count: Counter;
}

/** The day's keyed hashes of (visitor, offer): one view each; deleted with the day (015). */
export interface ProductViewMarksTable {
  day: string;
  mark: string;
}

/** Issue 21: the live one-time code of a (user, purpose). */
export interface AccountCodesTable {
  id: Id;
  user_id: number;
  purpose: 'reset' | 'verify';
  code_hash: string;
  target: string;
  attempts: Defaulted<number>;
  expires_at: string;
  created_at: string;
}

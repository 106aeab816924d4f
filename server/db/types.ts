import type { Kysely, Transaction } from 'kysely';
import type { CommandsTable, CommentsTable, ReactionsTable } from './types/interactions';
import type { PcategoriesTable, PfieldsTable, PsubcategoriesTable } from './types/catalog';
import type {
  ProductDailyStatsTable,
  ProductViewMarksTable,
  ShopDailyStatsTable,
} from './types/insights';
import type { PhotoHashBandsTable, ProductFilesTable } from './types/media';
import type {
  ItemReportsTable,
  ModerationItemsTable,
  ModerationLogTable,
  ReportsTable,
} from './types/moderation';
import type { NotificationsTable, StreamLeasesTable } from './types/notifications';
import type { ProductPfieldTable, ProductsTable, SavesTable } from './types/products';
import type { RatingsTable } from './types/ratings';
import type {
  SavedSearchQueueTable,
  SavedSearchesTable,
  SearchTermVariantsTable,
  SearchTermsTable,
} from './types/search';
import type { ShopEmployeesTable, ShopInvitationsTable, ShopsTable } from './types/shops';
import type {
  AuditLogTable,
  FrontendLogsTable,
  RateLimitsTable,
  SettingsTable,
} from './types/system';
import type {
  AccountCodesTable,
  LoginThrottleTable,
  SessionsTable,
  UsersTable,
} from './types/users';

// Row types of the database (not the API's types: mappers in each feature turn one into the other).
// Each feature's tables are in a file of server/db/types/; importers take them from here.
export type * from './types/catalog';
export type * from './types/insights';
export type * from './types/interactions';
export type * from './types/media';
export type * from './types/moderation';
export type * from './types/notifications';
export type * from './types/products';
export type * from './types/ratings';
export type * from './types/search';
export type * from './types/shops';
export type * from './types/system';
export type * from './types/users';

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
  shop_daily_stats: ShopDailyStatsTable;
  account_codes: AccountCodesTable;
  search_term_variants: SearchTermVariantsTable;
  search_term_positions: { n: number };
  saved_searches: SavedSearchesTable;
  saved_search_queue: SavedSearchQueueTable;
  item_reports: ItemReportsTable;
  moderation_items: ModerationItemsTable;
  moderation_log: ModerationLogTable;
  stream_leases: StreamLeasesTable;
  audit_log: AuditLogTable;
  ratings: RatingsTable;
}

export type DB = Kysely<Database>;
/** A repository function runs on the database or inside a transaction: it takes either. */
export type Executor = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

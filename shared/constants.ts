// Business constants of SPEC §9, named once. Import these; never retype the numbers.

export const LANGUAGES = ['ar', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';

export const MAX_FILES_PER_PRODUCT = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;

export const COMMANDS_PAGE_SIZE = 3;
export const COMMENTS_PAGE_SIZE = 3;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PAGE_SIZE_MAX = 100;
/**
 * Search matches are counted up to this many: `total` (and so `last_page`) stop there, and the web
 * app shows "1000+". Counting every match of a very common word would read all of them.
 */
export const SEARCH_TOTAL_MAX = 1000;
/** A search's orders (issue 17 item 4): newest is the default, nearest needs a position. */
export const SEARCH_SORTS = ['newest', 'price_asc', 'price_desc', 'nearest'] as const;
export const LIST_PAGE_SIZE = 20;

export const COMMAND_COMMENT_MAX_DEPTH = 2;
export const COMMENT_MAX_DEPTH = 3;

export const READ_MORE_LENGTH = 200;
export const UNREAD_POLL_MS = 300_000;

export const RELATIVE_TIME = {
  minuteSeconds: 60,
  hourSeconds: 3600,
  daySeconds: 86_400,
  monthDays: 30,
  yearDays: 360,
  refreshUnderMinuteMs: 30_000,
  refreshUnderHourMs: 300_000,
} as const;

export const PAGINATION_WINDOW_DEFAULT = 4;
export const PAGINATION_WINDOW_LISTS = 5;

export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];

export const PRODUCT_TYPES = ['offer', 'demand'] as const;
export const OFFER_TYPES = ['sale', 'monthly_rent', 'hourly_rent'] as const;
export const DEMAND_TYPES = ['buy', 'monthly_rent', 'hourly_rent'] as const;
export const REACTION_KINDS = ['like', 'haha', 'love', 'wow', 'sad', 'angry'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];
export const COMMENTABLE_TYPES = ['product', 'comment', 'command'] as const;
export const REACTIONABLE_TYPES = ['product', 'comment', 'command'] as const;

export const FIELD_TYPES = ['text', 'number', 'select', 'checkbox', 'radio'] as const;
export const FIELD_UNITS = ['', 'GB', 'M', 'M2', 'L', 'KM', 'KG', 'GHz', 'Mpx'] as const;
export const FIELD_POSITIONS = ['first', 'second', 'third'] as const;
export const SUBCATEGORY_UNITS = [
  '',
  'M',
  'M2',
  'KG',
  'L',
  'GB',
  'KM',
  'GHz',
  'Mpx',
  'HO',
  'DA',
  'MO',
] as const;

export const SITE_ROLES = ['user', 'moderator', 'admin'] as const;
export type SiteRole = (typeof SITE_ROLES)[number];
export const SHOP_ROLES = ['owner', 'admin', 'moderator', 'employee'] as const;
export type ShopRole = (typeof SHOP_ROLES)[number];

export const NOTIFICATION_KINDS = [
  'commented',
  'replied',
  'commanded',
  'reacted',
  'accepted',
  'added_offer',
  /** An invitation to join a shop's staff (issue 14 item 5); opens the invitee's "My shops". */
  'shop_invitation',
  /** Trust and safety (issue 19): the author's item is held for review, hidden, shown again or deleted. */
  'moderation_review',
  'moderation_hidden',
  'moderation_restored',
  'moderation_deleted',
] as const;
export const NOTIFICATION_FILTERS = ['all', 'comments', 'commands', 'reactions'] as const;

export const GEOLOCATION = { timeoutMs: 10_000, enableHighAccuracy: true, maximumAge: 0 } as const;
export const MAP = { zoom: 13, minZoom: 3, maxZoom: 20, routeMaxKm: 100, walkingMaxKm: 1 } as const;
export const SLIDER_AUTO_MS = 3000;
export const SCROLLER = { cardWidthPx: 300, stepPx: 200 } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const FRONTEND_LOG_MAX_BYTES = 16 * 1024;
/**
 * Frontend logs kept (issue 14 item 11): per source (an address, or a signed-in user), in all,
 * and for how long. A source past its quota loses its own oldest; a full table takes no more
 * until age frees room, so no source can push out the others' logs.
 */
export const FRONTEND_LOGS_QUOTA = { perSource: 100, total: 10_000, maxAgeDays: 30 } as const;

/** Sign-in failures per 15 minutes: perAccount counts one account from one address. */
export const LOGIN_THROTTLE = { windowSeconds: 15 * 60, perAccount: 5, perAddress: 20 } as const;
/**
 * Account-wide slow-down instead of a lockout (issue 14 item 2): past `after` failures from other
 * addresses, an address that failed itself waits 2^(failures/after) s after its last failure.
 */
export const LOGIN_SLOWDOWN = { after: 5, maxDelaySeconds: 15 * 60 } as const;
/** Password hashes (scrypt, 128 MiB each) run at once per process, and how many may wait. */
export const PASSWORD_HASHING = { concurrent: 2, waiting: 32 } as const;
/** How often each server process drops expired sessions, stale throttle and rate-limit rows. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
/** Sessions last this long after their last use. */
export const SESSION_TTL_DAYS = 30;

/**
 * Per-user limits on writes (issue 14 item 6), kept in the database (server/limits/): at most
 * `limit` attempts per user in each window of `windowSeconds`, shared by every server process.
 * Generous for a person; USER_RATE_LIMIT_FACTOR (README) multiplies them (load tests raise it).
 */
export const USER_RATE_LIMITS = {
  offer: { limit: 30, windowSeconds: 3600 },
  comment: { limit: 60, windowSeconds: 600 },
  command: { limit: 40, windowSeconds: 600 },
  reaction: { limit: 150, windowSeconds: 600 },
  report: { limit: 30, windowSeconds: 3600 },
} as const;
export type UserRateScope = keyof typeof USER_RATE_LIMITS;

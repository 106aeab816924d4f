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
/** Longest comment or rating text (ours, SPEC is silent); here so that pages read it without zod. */
export const COMMENT_TEXT_MAX = 5000;

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
  /** A new offer matches a saved search (issue 18 item 2); opens the offer, or the search. */
  'search_match',
  /** Trust and safety (issue 19): the author's item is held for review, hidden, shown again or deleted. */
  'moderation_review',
  'moderation_hidden',
  'moderation_restored',
  'moderation_deleted',
  /** Issue 32: the owner's offer or demand ends in LISTING_NOTICE_DAYS; opens it (renew). */
  'listing_expiring',
  /** Issue 32: an offer the reader saved was marked sold. */
  'saved_sold',
  /** Issue 32: a buyer rated the shop; to its managers, opens the shop's reviews tab. */
  'rated',
  /** Issue 32: the shop's staff answered the reader's rating; opens the shop's reviews tab. */
  'rating_answered',
] as const;
export const NOTIFICATION_FILTERS = ['all', 'comments', 'commands', 'reactions'] as const;

export const GEOLOCATION = { timeoutMs: 10_000, enableHighAccuracy: true, maximumAge: 0 } as const;
export const MAP = { zoom: 13, minZoom: 3, maxZoom: 20, routeMaxKm: 100, walkingMaxKm: 1 } as const;
export const SLIDER_AUTO_MS = 3000;
export const SCROLLER = { cardWidthPx: 300, stepPx: 200 } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const FRONTEND_LOG_MAX_BYTES = 16 * 1024;
/**
 * Frontend logs kept (issue 14 item 11, issue 29 item 10): per source (a signed-in user, else the
 * address's limit key), in all, in logs and in bytes, and for how long. A source past its quota
 * loses its own oldest; past the table's, the biggest source (most bytes) loses its oldest, so a
 * flood from many addresses pushes out its own logs, never closes the table to others.
 */
export const FRONTEND_LOGS_QUOTA = {
  perSource: 100,
  perSourceBytes: 256 * 1024,
  total: 10_000,
  totalBytes: 32 * 1024 * 1024,
  maxAgeDays: 30,
} as const;
/**
 * Every limit's window slides (issue 29 item 12, server/limits/sliding-window.ts): hits are
 * counted in this many buckets per window, so a client waits at most one bucket past its window.
 */
export const LIMIT_WINDOW_BUCKETS = 60;

/** Sign-in failures per 15 minutes: perAccount counts one account from one address. */
export const LOGIN_THROTTLE = {
  windowSeconds: 15 * 60,
  perAccount: 5,
  perAddress: 20,
  /**
   * Failures on one account from anywhere (issue 29 item 5): past them, an address that has failed
   * anywhere in the window is refused before any hashing; an address with none still may try.
   */
  accountBudget: 30,
} as const;
/**
 * Account-wide slow-down instead of a lockout (issue 14 item 2): past `after` failures from other
 * addresses, an address that failed itself waits 2^(failures/after) s after its last failure.
 */
export const LOGIN_SLOWDOWN = { after: 5, maxDelaySeconds: 15 * 60 } as const;
/**
 * Password hashes (scrypt, 128 MiB each) run at once per process, and how many may wait. The last
 * `reserved` waiting places are kept for sign-ins from an address and to an account with no recent
 * failures (issue 29 item 5): a flood of wrong passwords cannot take the owner's turn.
 */
export const PASSWORD_HASHING = { concurrent: 2, waiting: 32, reserved: 16 } as const;
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
  /** A form with files (offer, shop or profile images): each costs the media queue's CPU (issue 29 item 8). */
  upload: { limit: 30, windowSeconds: 600 },
  /** GET /users/me/export (issue 34 item 5): reads everything the user has; a few a day is plenty. */
  export: { limit: 3, windowSeconds: 3600 },
} as const;
export type UserRateScope = keyof typeof USER_RATE_LIMITS;

/**
 * Phone on tap (issue 19 item 5): lists answer shops without their numbers; GET
 * /products/{id}/phone gives them, counted as a reveal and limited per address and per signed-in
 * account (server/limits/, shared by every process). A person calls a few sellers an hour; a
 * harvester wants thousands. Addresses are shared (mobile carriers' NAT), so theirs is wider.
 */
export const PHONE_REVEAL_LIMITS = {
  perAddress: { limit: 60, windowSeconds: 3600 },
  perAccount: { limit: 40, windowSeconds: 3600 },
} as const;
/**
 * The single offer and single shop answers (which carry the numbers) per address and window, so
 * numbers cannot be read in bulk from them either (per process: @fastify/rate-limit; reads stay off
 * the database). About one page every 2.5 s for 10 minutes.
 */
export const SINGLE_READ_LIMIT = { limit: 240, windowSeconds: 600 } as const;

/** Shop insights (issue 19 item 6): what a visitor's tap on an offer may record. */
export const PRODUCT_EVENT_KINDS = ['view', 'call', 'whatsapp', 'share'] as const;
export type ProductEventKind = (typeof PRODUCT_EVENT_KINDS)[number];
/** Events per address and window (anonymous ones included), so counts cannot be pumped. */
export const PRODUCT_EVENTS_LIMIT = { limit: 300, windowSeconds: 600 } as const;
/**
 * Issue 29 item 9: an event (a view, a phone reveal, a call, WhatsApp or share tap) counts once
 * per visitor, offer (or shop), kind and UTC day; and however many sessions one address key shows,
 * it adds at most this many to each of those counts a day (one address is often many people
 * here, behind a carrier's gateway, so not 1; a script that makes sessions gets no further).
 */
export const EVENT_VISITORS_PER_ADDRESS = 3;
/** The insights page's period by default, and the longest one asked. */
export const INSIGHTS_DAYS_DEFAULT = 30;
export const INSIGHTS_DAYS_MAX = 90;
/** At most this many of a shop's offers in the insights table (most viewed first). */
export const INSIGHTS_OFFERS_MAX = 100;

/**
 * One-time codes (issue 21, docs/accounts.md): password reset by SMS or e-mail link, phone checks.
 * A code lives `ttlMinutes` and allows `maxTries` wrong entries, then is gone.
 */
export const ACCOUNT_CODES = { ttlMinutes: 10, maxTries: 5, digits: 6 } as const;
/**
 * Limits on asking for codes and trying them, kept in the database (server/limits/) so that every
 * process shares them. Counted before the account is looked up: the same for unknown logins.
 */
export const ACCOUNT_CODE_LIMITS = {
  /** POST /password/forgot per login (normalised phone or e-mail), known or not. */
  forgotPerLogin: { limit: 3, windowSeconds: 3600 },
  /** Codes asked for (reset and phone checks) per client address. */
  sendPerAddress: { limit: 10, windowSeconds: 3600 },
  /** SMS to one number, whatever asked for them (SMS pumping). */
  smsPerPhone: { limit: 5, windowSeconds: 86_400 },
  /** POST /users/phone/verify/send per user. */
  verifySendPerUser: { limit: 3, windowSeconds: 3600 },
  /** Codes tried (reset and phone checks) per client address, on any account. */
  triesPerAddress: { limit: 30, windowSeconds: 3600 },
} as const;

/**
 * Saved searches with alerts (issue 18 item 2, docs/searches.md): at most this many per user
 * (each new offer is checked against every saved search: the cap bounds that work per person).
 */
export const SAVED_SEARCHES_MAX_PER_USER = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
/** At most one `search_match` alert per saved search in this window; later matches are grouped. */
export const SAVED_SEARCH_ALERT_INTERVAL_MS = 60 * 60 * 1000;
/** How often each process sends the grouped alerts whose hour has passed. */
export const SAVED_SEARCH_FLUSH_MS = 60 * 1000;
/** Issue 29 item 3: saved searches of an account younger than NEW_ACCOUNT_DAYS (the rest: the max). */
export const SAVED_SEARCHES_MAX_NEW_ACCOUNT = 5;
/** Saved searches one new offer is counted in and told to, at most (the oldest searches first). */
export const SAVED_SEARCH_MATCHES_PER_OFFER = 100;
/** `search_match` alerts one user gets in an hour, all searches together; later ones wait. */
export const SAVED_SEARCH_ALERTS_PER_USER_HOUR = 5;
/** New offers a process claims from the matching queue at a time. */
export const SAVED_SEARCH_DRAIN_BATCH = 20;
/** How long a claim on queued offers holds: a process that died lets another take them after. */
export const SAVED_SEARCH_CLAIM_MS = 5 * 60 * 1000;

/** How often each process asks whether a scheduled backup (BACKUP_DIR) is due (issue 34 item 1). */
export const BACKUP_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Listing lifecycle (issue 32, docs/lifecycle.md). An offer or demand is live until its
 * expires_at (LISTING_DAYS after publication or renewal); its owner is told this many days before.
 */
export const LISTING_NOTICE_DAYS = 3;
/** LISTING_DAYS' default (README). */
export const LISTING_DAYS_DEFAULT = 60;
/** A bump moves an offer back to the top of "newest" at most once in this many days. */
export const BUMP_INTERVAL_DAYS = 7;
/** A sold offer stays listed (with its badge) this many days, and may be un-sold meanwhile. */
export const SOLD_LISTED_DAYS = 7;
/** Rows the listing housekeeping reads per statement (notices, purges). */
export const LISTING_HOUSEKEEPING_BATCH = 200;
/**
 * SMS alerts of listings about to expire (to users with `sms_alerts` on and a verified phone_1):
 * one SMS per person per housekeeping run (several offers: one SMS that counts them), at most
 * `limit` a day per person; the bell has every notice.
 */
export const LISTING_SMS_LIMIT = { limit: 3, windowSeconds: 86_400 } as const;
/** The tabs of "My offers" (GET /users/me/products?status=). */
export const MY_PRODUCT_STATUSES = ['live', 'expiring', 'expired', 'sold', 'hidden'] as const;
export type MyProductStatus = (typeof MY_PRODUCT_STATUSES)[number];

/**
 * Price hints (issue 32 item 6, docs/price-hints.md): the typical price of similar live offers
 * posted in the last PRICE_HINT_DAYS, from at least PRICE_HINT_MIN_OFFERS of them (the town's,
 * else the country's; fewer says nothing). Kept PRICE_HINT_CACHE_MS in each process, at most
 * PRICE_HINT_CACHE_ENTRIES; asked at most PRICE_HINT_LIMIT times per address (in memory).
 */
export const PRICE_HINT_DAYS = 90;
export const PRICE_HINT_MIN_OFFERS = 8;
export const PRICE_HINT_CACHE_MS = 5 * 60 * 1000;
export const PRICE_HINT_CACHE_ENTRIES = 2_000;
export const PRICE_HINT_LIMIT = { limit: 120, windowSeconds: 600 } as const;

/**
 * Rentals come back (issue 32 item 7, docs/decisions.md): a rent command may ask to start at most
 * this many days ahead (its start defaults to its acceptance).
 */
export const RENT_START_MAX_DAYS = 365;

/**
 * The id of the element right after every page's main part (the site footer, web/app/layout/
 * shell.tsx): a server-rendered page is painted once the parser has reached it (page-tags.ts).
 */
export const MAIN_END_ID = 'site-footer';

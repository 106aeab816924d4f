import type { FastifyBaseLogger } from 'fastify';
import type { DB, Dialect, Executor, PfieldRow } from '../../db/types';
import { now } from '../../db/connect';
import {
  SAVED_SEARCH_ALERTS_PER_USER_HOUR,
  SAVED_SEARCH_ALERT_INTERVAL_MS,
  SAVED_SEARCH_CLAIM_MS,
  SAVED_SEARCH_DRAIN_BATCH,
  SAVED_SEARCH_MATCHES_PER_OFFER,
} from '../../../shared/constants';
import { notify, shopStaffIds } from '../notifications/notify';
import { compileMatcher, parseSaved, type Matcher } from './saved-search-criteria';
import * as repo from './searches.repository';

// Saved-search alerts (issue 18 item 2; issue 29 item 3; docs/searches.md).
// - A new offer enters a queue table in its own transaction (`enqueue`); the request does no
//   matching. A drain, one at a time per process, claims a batch of queued offers (PostgreSQL:
//   FOR UPDATE SKIP LOCKED, so processes never take the same offer) and matches them one by one.
//   It is scheduled right after each commit (setImmediate) and by the plugin's timer (offers left
//   by a process that died, or queued by another).
// - One offer is matched with one statement over the saved searches' filter columns, page by
//   page in the order they were saved, and the words, field values and distance are tested in
//   JS on the rows it leaves (saved-search-criteria.ts); at most SAVED_SEARCH_MATCHES_PER_OFFER
//   searches count it.
// - Each match counts as new for the search's owner; the owner is told at most once an hour per
//   search and SAVED_SEARCH_ALERTS_PER_USER_HOUR times an hour in all, through notify() (so the
//   bell hears of it like any other); what waits is told together, by a later match or by
//   flushDue().

/** Saved searches read per statement while an offer is matched. */
const PAGE = 500;
/** Searches whose grouped alert is due, sent per flush round. */
const FLUSH_BATCH = 200;
/** An offer whose matching failed this many times leaves the queue (logged). */
const MAX_ATTEMPTS = 3;
/** Compiled saved bodies kept per process (a body's words are read once, not once per offer). */
const MATCHERS_KEPT = 5000;

const hourAgo = () => new Date(Date.now() - SAVED_SEARCH_ALERT_INTERVAL_MS).toISOString();
/** Lets the requests waiting meanwhile run (SQLite answers on this thread). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SearchAlerts {
  /** Off in tests that look at the queue before a drain; `drain()` is then called by hand. */
  autoDrain = true;
  private draining: Promise<number> | null = null;
  private scheduled = false;
  private readonly matchers = new Map<number, Matcher>();
  /** Offers given up after MAX_ATTEMPTS failed matchings (read by /metrics). */
  abandoned = 0;

  constructor(
    private readonly db: DB,
    private readonly dialect: Dialect,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** In the new offer's transaction: it waits in the queue (a crash after the commit loses none). */
  async enqueue(trx: Executor, productId: number): Promise<void> {
    await repo.enqueue(trx, productId, now());
  }

  /** Called once a new offer is committed; returns at once (the drain runs after the answer). */
  productCreated(_productId: number): void {
    if (!this.autoDrain || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.autoDrain) return;
      this.drain().catch((error: unknown) =>
        this.log.warn({ err: error }, 'search alerts drain failed'),
      );
    });
  }

  /** Matches what the queue holds, batch by batch, until it is empty; one drain per process. */
  drain(): Promise<number> {
    this.draining ??= this.drainAll().finally(() => (this.draining = null));
    return this.draining;
  }

  /** No more drains after the answers (shutdown); resolves when the one running ends. */
  async stop(): Promise<void> {
    this.autoDrain = false;
    await this.draining?.catch(() => undefined);
  }

  /** Offers waiting to be matched, every process's (read by /metrics). */
  queued(): Promise<number> {
    return repo.claimable(this.db, now());
  }

  /** Resolves once every offer queued so far is matched (tests). */
  async idle(): Promise<void> {
    do await this.drain();
    while ((await repo.claimable(this.db, now())) > 0);
  }

  private async drainAll(): Promise<number> {
    let matched = 0;
    for (;;) {
      const until = new Date(Date.now() + SAVED_SEARCH_CLAIM_MS).toISOString();
      const batch = await repo.claim(this.db, this.dialect, now(), until, SAVED_SEARCH_DRAIN_BATCH);
      if (!batch.length) return matched;
      for (const { product_id: productId, attempts } of batch) {
        try {
          await this.matchProduct(productId, until);
          matched += 1;
        } catch (error) {
          this.log.warn({ err: error, productId, attempts }, 'search alerts: matching failed');
          // Tried again by a later drain once the claim runs out; not forever.
          if (attempts >= MAX_ATTEMPTS) {
            this.abandoned += 1;
            await repo.release(this.db, productId, until);
          }
        }
        await breathe();
      }
    }
  }

  /** A saved search's compiled test, by its id (a saved body never changes: no edit route). */
  private matcher(saved: repo.Candidate): Matcher {
    let found = this.matchers.get(saved.id);
    if (!found) {
      found = compileMatcher(parseSaved(saved.query));
      if (this.matchers.size >= MATCHERS_KEPT) {
        this.matchers.delete(this.matchers.keys().next().value!);
      }
      this.matchers.set(saved.id, found);
    }
    return found;
  }

  /** The saved searches (not the poster's nor its shop's staff's) that find the product. */
  async matchingSearches(product: repo.AlertProduct): Promise<repo.Candidate[]> {
    const except = await shopStaffIds(this.db, product.shop_id);
    if (product.user_id !== null) except.push(product.user_id);
    const values = await repo.productValues(this.db, product.id);
    const fields = new Map<number, PfieldRow>();
    const found: repo.Candidate[] = [];
    let afterId = 0;
    for (;;) {
      const page = await repo.candidates(this.db, product, {
        exceptUserIds: except,
        afterId,
        limit: PAGE,
      });
      const compiled = page.map((saved) => ({ saved, matcher: this.matcher(saved) }));
      const missing = compiled.flatMap((c) => c.matcher.pfieldIds).filter((id) => !fields.has(id));
      for (const field of await repo.pfieldsByIds(this.db, [...new Set(missing)])) {
        fields.set(field.id, field);
      }
      for (const { saved, matcher } of compiled) {
        if (!matcher.matches(product, values, fields)) continue;
        found.push(saved);
        if (found.length >= SAVED_SEARCH_MATCHES_PER_OFFER) return found;
      }
      if (page.length < PAGE) return found;
      afterId = page[page.length - 1].id;
      await breathe();
    }
  }

  /** Matches one claimed offer and leaves the queue with its writes, in one transaction. */
  async matchProduct(productId: number, claimedUntil: string): Promise<void> {
    const product = await repo.productForAlerts(this.db, productId);
    // Held, hidden or deleted since it was queued: nobody is told of what they cannot see.
    const found =
      product && product.moderation_status === 'visible'
        ? await this.matchingSearches(product)
        : [];
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.release(trx, productId, claimedUntil))) return;
      if (!product || !found.length) return;
      const ids = found.map((s) => s.id);
      await repo.addMatches(trx, ids, product.id);
      await this.tell(trx, await repo.dueAmong(trx, ids, hourAgo()), () =>
        Promise.resolve(product),
      );
    });
  }

  /**
   * Tells the owners of these searches (due: last told over an hour ago), within each owner's
   * alerts an hour; the others wait with their matches for a later round. Returns how many.
   */
  private async tell(
    trx: Executor,
    due: repo.SavedSearchRow[],
    latestOf: (row: repo.SavedSearchRow) => Promise<repo.ProductName | undefined>,
  ): Promise<number> {
    const told = await repo.alertsSince(
      trx,
      due.map((r) => r.user_id),
      hourAgo(),
    );
    let sent = 0;
    for (const row of due) {
      const before = told.get(row.user_id) ?? 0;
      if (before >= SAVED_SEARCH_ALERTS_PER_USER_HOUR) continue;
      const product = await latestOf(row);
      await notify(trx, 'search_match', product?.user_id ?? null, [row.user_id], {
        search_id: row.id,
        search_name: row.name,
        product_id: product?.id,
        product_name: product?.name,
        type: product?.type === 'demand' ? 'demand' : 'offer',
        count: Number(row.pending_count),
      });
      await repo.markAlerted(trx, row.id, now());
      told.set(row.user_id, before + 1);
      sent += 1;
    }
    return sent;
  }

  /** Tells the matches held back by the hour's limits once they allow it. */
  async flushDue(): Promise<number> {
    let sent = 0;
    // Page by page: searches whose owner had their alerts of the hour do not hold back others.
    for (let afterId = 0; ;) {
      const ids = await repo.dueIds(this.db, hourAgo(), afterId, FLUSH_BATCH);
      for (const id of ids) sent += await this.flushOne(id);
      if (ids.length < FLUSH_BATCH) return sent;
      afterId = ids[ids.length - 1];
      await breathe();
    }
  }

  /** One search's held-back matches, told if its hour and its owner's allow it (0 or 1). */
  private flushOne(id: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await repo.lock(trx, id);
      // Another process (or a new match) may have told it meanwhile.
      const due = (await repo.dueAmong(trx, [id], hourAgo())).filter(
        (row) => Number(row.pending_count) > 0,
      );
      return this.tell(trx, due, (row) =>
        row.pending_product_id === null
          ? Promise.resolve(undefined)
          : repo.productName(trx, row.pending_product_id),
      );
    });
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { DB, Dialect } from '../../db/types';
import { now } from '../../db/connect';
import { BoundedQueue } from '../../bounded-queue';
import { SAVED_SEARCH_ALERT_INTERVAL_MS, SAVED_SEARCH_QUEUE_MAX } from '../../../shared/constants';
import { searchBody, type SearchBody } from '../../../shared/schemas/search';
import { findsProduct } from '../search/search.service';
import { notify, shopStaffIds } from '../notifications/notify';
import * as repo from './searches.repository';

// Saved-search alerts (issue 18 item 2, docs/searches.md). A new product is matched after its
// request has answered, one product at a time per process, in a bounded queue: offer creation
// does not wait for it, and a flood drops alerts (logged) instead of queueing without bound.
// Each match counts as new for the search's owner; the owner is told at most once an hour per
// search, through the notifications' own notify() (so the bell hears of it like any other); the
// matches of the hour after an alert are told together, by the next match or by flushDue().

/** Saved searches read per page when a product is matched against them. */
const PAGE = 200;
/** Searches whose grouped alert is due, sent per flush round. */
const FLUSH_BATCH = 200;

/**
 * Facts of the product row that rule a search out without a query: the same comparisons the
 * search's WHERE makes (search-conditions.ts). Only ever rules out; the search decides the rest.
 */
export function cannotMatch(body: SearchBody, p: repo.AlertProduct): boolean {
  if (body.type !== p.type) return true;
  if (body.psubcategory_id !== undefined && body.psubcategory_id !== p.psubcategory_id) return true;
  if (body.offer_type && body.offer_type !== p.offer_type) return true;
  if (body.negotiable && body.negotiable !== p.negotiable) return true;
  if (body.used && body.used !== p.used) return true;
  if (body.delivery && body.delivery !== p.delivery) return true;
  if (body.min_price !== undefined && (p.price === null || p.price < body.min_price)) return true;
  if (body.max_price !== undefined && (p.price === null || p.price > body.max_price)) return true;
  return false;
}

export class SearchAlerts {
  private readonly queue = new BoundedQueue(1, SAVED_SEARCH_QUEUE_MAX);
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: DB,
    private readonly dialect: Dialect,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Called once a new product is committed; returns at once. */
  productCreated(productId: number): void {
    const task: Promise<void> = this.queue
      .run(() => this.matchProduct(productId))
      .catch((error: unknown) => this.log.warn({ err: error, productId }, 'search alerts dropped'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once every product handed in so far is matched (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  /** Every saved search (not the poster's nor its shop's staff's) that finds the product. */
  async matchProduct(productId: number): Promise<void> {
    const product = await repo.productForAlerts(this.db, productId);
    if (!product) return;
    const except = await shopStaffIds(this.db, product.shop_id);
    if (product.user_id !== null) except.push(product.user_id);
    let afterId = 0;
    for (;;) {
      const page = await repo.searchesOfType(this.db, {
        type: product.type,
        exceptUserIds: except,
        afterId,
        limit: PAGE,
      });
      for (const saved of page) {
        const parsed = searchBody.safeParse(JSON.parse(saved.query));
        if (!parsed.success || cannotMatch(parsed.data, product)) continue;
        let found = false;
        try {
          found = await findsProduct(this.db, this.dialect, parsed.data, product);
        } catch {
          // A search whose catalogue entries have since gone (404/422) finds nothing.
        }
        if (found) await this.recordMatch(saved.id, product);
      }
      if (page.length < PAGE) break;
      afterId = page[page.length - 1].id;
    }
  }

  private async recordMatch(searchId: number, product: repo.AlertProduct): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repo.addMatch(trx, searchId, product.id);
      const row = await repo.find(trx, searchId);
      if (!row || !isDue(row.last_alert_at)) return;
      await notify(trx, 'search_match', product.user_id, [row.user_id], {
        search_id: row.id,
        search_name: row.name,
        product_id: product.id,
        product_name: product.name,
        type: product.type === 'demand' ? 'demand' : 'offer',
        count: Number(row.pending_count),
      });
      await repo.markAlerted(trx, row.id, now());
    });
  }

  /** Tells the matches held back by the hour's limit once the hour has passed. */
  async flushDue(): Promise<number> {
    const before = new Date(Date.now() - SAVED_SEARCH_ALERT_INTERVAL_MS).toISOString();
    const ids = await repo.dueIds(this.db, before, FLUSH_BATCH);
    let sent = 0;
    for (const id of ids) {
      await this.db.transaction().execute(async (trx) => {
        await repo.lock(trx, id);
        const row = await repo.find(trx, id);
        // Another process (or a new match) may have told it meanwhile.
        if (!row || Number(row.pending_count) === 0 || !isDue(row.last_alert_at)) return;
        const product =
          row.pending_product_id === null
            ? undefined
            : await repo.productName(trx, row.pending_product_id);
        await notify(trx, 'search_match', product?.user_id ?? null, [row.user_id], {
          search_id: row.id,
          search_name: row.name,
          product_id: product?.id,
          product_name: product?.name,
          type: product?.type === 'demand' ? 'demand' : 'offer',
          count: Number(row.pending_count),
        });
        await repo.markAlerted(trx, row.id, now());
        sent += 1;
      });
    }
    return sent;
  }
}

function isDue(lastAlertAt: string | null): boolean {
  return (
    lastAlertAt === null || Date.parse(lastAlertAt) <= Date.now() - SAVED_SEARCH_ALERT_INTERVAL_MS
  );
}

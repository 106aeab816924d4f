import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/types';
import type { PfieldFilter } from './pfield-filters';
import { PFIELD_NUMBER } from '../../db/migrations/020-search-covering-indexes';
import { cond } from './search-geo';

// The SQL of a search's field value filters (pfield-filters.ts parses them): the condition on a
// `product_pfield` row, and on a product (search-conditions.ts `conditions`).

/** The number a field value holds, as migration 020 indexes it with its field. */
const pfieldNumber = (dialect: Dialect) => sql.raw(PFIELD_NUMBER[dialect]);

/** What a field value must be, as a condition on its `product_pfield` row. */
export function pfieldValueCondition(dialect: Dialect, f: PfieldFilter): Expression<SqlBool> {
  switch (f.kind) {
    case 'equals':
      return cond`value = ${f.value}`;
    case 'sub':
      return cond`sub_value = ${f.value}`;
    case 'contains': {
      // The stored JSON array holds each checked value as "value".
      const find = dialect === 'postgres' ? sql.raw('strpos') : sql.raw('instr');
      const each = f.values.map((v) => cond`${find}(value, ${JSON.stringify(v)}) > 0`);
      return cond`${sql.join(each, sql` and `)}`;
    }
    case 'range': {
      // Only number text is compared as a number (a field whose type changed may hold other
      // text; PostgreSQL would refuse to cast it): migration 020's expression, which its
      // product_pfield_number index holds.
      const asNumber = pfieldNumber(dialect);
      const bounds = [cond`${asNumber} is not null`];
      if (f.min !== null) bounds.push(cond`${asNumber} >= ${f.min}`);
      if (f.max !== null) bounds.push(cond`${asNumber} <= ${f.max}`);
      return cond`${sql.join(bounds, sql` and `)}`;
    }
  }
}

/** The field value filters an index finds (product_pfield_value, product_pfield_number). */
export const indexedPfield = (f: PfieldFilter) => f.kind === 'equals' || f.kind === 'range';

export function pfieldCondition(
  dialect: Dialect,
  f: PfieldFilter,
  leads: boolean,
): Expression<SqlBool> {
  const where = pfieldValueCondition(dialect, f);
  // Few products have the value (see SearchQuery.leadingPfield): they are read first, from the
  // field's index, and the other conditions tested on them.
  if (leads) {
    return cond`products.id in (select product_id from product_pfield
      where product_pfield.pfield_id = ${f.pfieldId} and ${where})`;
  }
  // Otherwise tested on the rows the other conditions lead to (the primary key (product_id,
  // pfield_id) finds the value): an `in (select …)` would first read every value of the field.
  // SQLite: from the index that holds the value too (migration 040), which its planner passes
  // over for the primary key's when it lacks statistics (then each value is read from the table).
  const table =
    dialect === 'sqlite'
      ? sql`product_pfield indexed by product_pfield_product_value`
      : sql`product_pfield`;
  return cond`exists (select 1 from ${table} where product_pfield.product_id = products.id
      and product_pfield.pfield_id = ${f.pfieldId} and ${where})`;
}

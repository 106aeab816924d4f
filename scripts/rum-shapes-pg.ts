import pg from 'pg';

// DATABASE_URL=postgres://…/souq_bench_1000000 npx tsx scripts/rum-shapes-pg.ts [term …]
// Which tsquery shapes the RUM index (migration 037) answers wrongly (docs/search.md, "PostgreSQL
// at 1,000,000, session 17"). For each shape built from the terms given (default: a few of the
// bench's words), the listed products it matches are counted three ways: from the GIN index
// (`@@@`, an operator of GIN's class only, rows rechecked), from RUM's bitmap and from RUM's
// ordered scan (`order by id <=| 2147483647`, the newest LIMIT), the GIN index dropped in a
// transaction rolled back (so that `@@` can only read RUM; it holds the table's lock meanwhile:
// run it on a database of your own). The ordered scan is compared with GIN's newest LIMIT ids.
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (a seed:bulk PostgreSQL database) is needed');
const LIMIT = Number(process.env.LIMIT ?? 1001);
const [a, b, c] = process.argv.length > 2 ? process.argv.slice(2) : ['toyota', 'hilux', 'ksr'];
const pa = a.slice(0, 3);
const pc = c.slice(0, 2);
const shapes: [string, string][] = [
  ['one term', a],
  ['two terms or', `${a} | ${b}`],
  ['two terms and', `${a} & ${b}`],
  ['prefix', `${pa}:*`],
  ['prefix or a word it covers', `${pa}:* | ${a}`],
  ['word or the prefix covering it', `${a} | ${pa}:*`],
  ['prefix or its own word', `${c}:* | ${c}`],
  ['prefix or a word it does not cover', `${pa}:* | ${b}`],
  ['two prefixes', `${pa}:* | ${pc}:*`],
  ['prefix and word', `${pa}:* & ${b}`],
  ['prefix or covered, and word', `(${pa}:* | ${a}) & ${b}`],
  ['anyColumnQuery, two words', `(${a} | ${pa}:*) & (${b})`.replace(`${a} | `, '')],
  ['weights', `${a}:A | ${a}:B`],
  ['prefix with weight or word with weight', `${c}:*A | ${c}:B`],
  ['prefix with weight', `${pa}:*A`],
  ['negation', `${a} & !${b}`],
  ['phrase', `${a} <-> ${b}`],
];

const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off -c work_mem=32MB' });
const client = await pool.connect();
const visible = `moderation_status = 'visible'`;
const ids = async (sqlText: string, q: string) =>
  (await client.query<{ id: number }>(sqlText, [q])).rows.map((r) => Number(r.id));
try {
  const gin: Record<string, { count: number; newest: number[] }> = {};
  for (const [, q] of shapes) {
    const count = await ids(
      `select count(*)::int as id from products where ${visible}
        and search_vector @@@ to_tsquery('simple', $1)`,
      q,
    );
    const newest = await ids(
      `select id from (select id from products where ${visible}
        and search_vector @@@ to_tsquery('simple', $1) offset 0) m order by id desc limit ${LIMIT}`,
      q,
    );
    gin[q] = { count: count[0], newest };
  }
  await client.query('begin');
  await client.query('drop index products_search_vector');
  await client.query('set local enable_seqscan = off');
  const rows: string[] = [];
  for (const [name, q] of shapes) {
    await client.query('set local enable_indexscan = off');
    const bitmap = await ids(
      `select count(*)::int as id from products where ${visible}
        and search_vector @@ to_tsquery('simple', $1)`,
      q,
    );
    await client.query('set local enable_indexscan = on');
    await client.query('set local enable_bitmapscan = off');
    const ordered = await ids(
      `select id from products where ${visible} and search_vector @@ to_tsquery('simple', $1)
        order by id <=| 2147483647 limit ${LIMIT}`,
      q,
    );
    await client.query('set local enable_bitmapscan = on');
    const want = gin[q];
    const same =
      ordered.length === want.newest.length && ordered.every((id, i) => id === want.newest[i]);
    const missing = want.newest.filter((id) => !ordered.includes(id)).length;
    const extra = ordered.filter((id) => !want.newest.includes(id)).length;
    rows.push(
      `| ${name} | \`${q}\` | ${want.count} | ${bitmap[0]}${bitmap[0] === want.count ? '' : ' **wrong**'} | ${
        same
          ? `same ${ordered.length}`
          : `**${ordered.length} rows, ${missing} missing, ${extra} extra**`
      } |`,
    );
  }
  await client.query('rollback');
  console.info(`| shape | tsquery | GIN count | RUM bitmap count | RUM ordered, newest ${LIMIT} |`);
  console.info('| --- | --- | --- | --- | --- |');
  for (const r of rows) console.info(r);
} finally {
  client.release();
  await pool.end();
}

import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';

// npm run measure:search (DATA_DIR / DATABASE_URL of a database filled by seed:bulk)
// Latency of typical searches through the HTTP layer (inject: no network), p50 and p99.
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const app = await buildApp(config, { logger: false });
const rounds = Number(process.env.ROUNDS ?? 200);

const db = app.db;
const cars = await db
  .selectFrom('psubcategories')
  .select('id')
  .where('name', '=', 'cars')
  .executeTakeFirstOrThrow();
const brand = await db
  .selectFrom('pfields')
  .select('id')
  .where('psubcategory_id', '=', cars.id)
  .where('name', '=', 'brand')
  .executeTakeFirstOrThrow();
const year = await db
  .selectFrom('pfields')
  .select('id')
  .where('psubcategory_id', '=', cars.id)
  .where('name', '=', 'model_year')
  .executeTakeFirstOrThrow();
const rare = await db
  .selectFrom('products')
  .select('search_text')
  .where('search_text', 'like', '%ref %')
  .orderBy('id')
  .limit(1)
  .executeTakeFirstOrThrow();
const code = rare.search_text.split('ref ')[1].split(' ')[0];
const nouakchott = { latitude: 18.0858, longitude: -15.9785 };

const cases: Record<string, Record<string, unknown>> = {
  'text: common word (toyota)': { name: 'toyota' },
  'text: common Arabic word (سيارة)': { name: 'سيارة' },
  'text: very common word (livraison)': { name: 'livraison' },
  'text: two words (voiture propre)': { name: 'voiture propre' },
  'text: rare word (a reference code)': { name: code },
  'text: no match (typo, near-spelling fallback on PG)': { name: 'toyata' },
  'filtered: cars, price 500k-2M, used, negotiable': {
    psubcategory_id: cars.id,
    min_price: 500000,
    max_price: 2000000,
    used: 'yes',
    negotiable: 'yes',
  },
  'filtered: cars, brand Toyota, year 2010-2020': {
    psubcategory_id: cars.id,
    [`pfield_${brand.id}`]: 'Toyota',
    [`pfield_${year.id}`]: { min: 2010, max: 2020 },
  },
  'filtered: no filter (newest offers)': {},
  'distance: 5 km around Nouakchott centre': { ...nouakchott, distance: 5 },
  'distance: 50 km + text (voiture)': { ...nouakchott, distance: 50, name: 'voiture' },
  'distance: 2 km + cars': { ...nouakchott, distance: 2, psubcategory_id: cars.id },
};

// An anonymous visitor's cookies and XSRF token, as the web app holds them.
const me = await app.inject({ method: 'GET', url: '/users/me' });
const cookies = me.cookies as { name: string; value: string }[];
const headers = {
  'x-requested-with': 'XMLHttpRequest',
  'x-xsrf-token': cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
  cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
console.info(`${app.dialect}, ${rounds} requests per case`);
for (const [label, body] of Object.entries(cases)) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < rounds + 10; i++) {
    const started = process.hrtime.bigint();
    const res = await app.inject({
      method: 'POST',
      url: '/products/all/0/search',
      payload: body,
      headers,
    });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    total = res.json().products.total;
    if (i >= 10) times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.info(
    `| ${label} | ${total} | ${pct(times, 0.5).toFixed(1)} | ${pct(times, 0.99).toFixed(1)} |`,
  );
}
await app.close();

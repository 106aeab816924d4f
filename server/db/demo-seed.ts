import path from 'node:path';
import type { DB, Dialect } from './types';
import { Media } from '../media/media';
import { LocalMediaStorage } from '../media/storage';
import type { AuthUser } from '../plugins/session';
import { createShop } from '../features/shops/shops.service';
import { acceptInvitation, inviteEmployee } from '../features/shops/staff.service';
import * as products from '../features/products/products.service';
import type { PfieldInput } from '../features/products/pfield-values';
import { personalShopId } from '../features/products/products.repository';
import { setSaved } from '../features/products/saves.service';
import * as commands from '../features/commands/commands.service';
import * as comments from '../features/comments/comments.service';
import { react } from '../features/reactions/reactions.service';
import { createShopBody } from '../../shared/schemas/shops';
import { createProductBody } from '../../shared/schemas/products';
import { commandBody } from '../../shared/schemas/commands';
import type { ReactionKind } from '../../shared/constants';
import {
  DEMO_PRODUCTS,
  DEMO_SHOPS,
  NEIGHBOURHOODS,
  type DemoProduct,
  type DemoUserKey,
  type Neighbourhood,
  type Poster,
} from './demo-offers';
import { demoImage, demoLogo } from './demo-images';

// DESIGN §10: an empty database gets demo shops and offers around Nouakchott, and a little life
// between the demo users (commands, some accepted, comments, replies, reactions, saves). Every
// write goes through the features' services, so rules, notifications and counters are theirs.

export type DemoUsers = Record<DemoUserKey, AuthUser & { phone_1: string }>;

const HOME: Record<DemoUserKey, Neighbourhood> = {
  mohamed: 'darNaim',
  mariem: 'tevraghZeina',
  aicha: 'ksar',
  sidi: 'elMina',
};
/** The demo offers were posted over this many days, oldest first. */
const SPREAD_DAYS = 30;

/** A few metres apart, so that offers of one place do not hide each other on a map. */
const near = (at: { latitude: number; longitude: number }, i: number) => ({
  latitude: Number((at.latitude + ((i % 7) - 3) * 0.0004).toFixed(6)),
  longitude: Number((at.longitude + ((i % 5) - 2) * 0.0004).toFixed(6)),
});

async function pfieldInputs(db: DB, psubcategoryId: number, values: DemoProduct['fields']) {
  const inputs = new Map<number, PfieldInput>();
  if (!values) return inputs;
  const fields = await db
    .selectFrom('pfields')
    .select(['id', 'name'])
    .where('psubcategory_id', '=', psubcategoryId)
    .execute();
  for (const [name, value] of Object.entries(values)) {
    const field = fields.find((f) => f.name === name);
    if (!field) throw new Error(`demo seed: no field ${name} in subcategory ${psubcategoryId}`);
    inputs.set(field.id, { value: typeof value === 'number' ? String(value) : value });
  }
  return inputs;
}

export async function seedDemoContent(
  db: DB,
  users: DemoUsers,
  options: { dataDir: string; dialect: Dialect },
): Promise<{ shops: number; products: number }> {
  const media = new Media(new LocalMediaStorage(path.join(options.dataDir, 'media')));
  const deps = { db, dialect: options.dialect, media };
  const categories = new Map(
    (await db.selectFrom('pcategories').select(['id', 'name']).execute()).map((c) => [
      c.name,
      c.id,
    ]),
  );
  const subcategories = new Map(
    (await db.selectFrom('psubcategories').select(['id', 'name']).execute()).map((s) => [
      s.name,
      s.id,
    ]),
  );

  // Shops: the professional ones (with their place and staff), and each user's personal shop.
  const shops = new Map<Poster, { id: number; owner: DemoUserKey; at: Neighbourhood }>();
  for (const [i, s] of DEMO_SHOPS.entries()) {
    const owner = users[s.owner];
    const { row } = await createShop(
      deps,
      owner,
      createShopBody.parse({
        name: s.name,
        description: s.description,
        more_infos: s.more_infos,
        phone_1: s.phone,
        first_whatsapp_number: s.phone,
        is_professional: true,
        ...NEIGHBOURHOODS[s.at],
        pcategory_id: categories.get(s.category),
      }),
      { logo: [await demoLogo(s.name, i)] },
    );
    for (const member of s.staff ?? []) {
      // Staff join by invitation, which they accept (docs/shops-users.md).
      await inviteEmployee(db, owner, row.id, {
        login: users[member.user].phone_1,
        role: member.role,
      });
      await acceptInvitation(db, users[member.user], row.id);
    }
    shops.set(s.key as Poster, { id: row.id, owner: s.owner, at: s.at });
  }
  for (const key of Object.keys(users) as DemoUserKey[]) {
    const id = await personalShopId(db, users[key].id);
    if (id) shops.set(key, { id, owner: key, at: HOME[key] });
  }

  // Offers and demands, oldest first (ids grow with dates: newest first is id order).
  const ids = new Map<string, number>();
  const made: number[] = [];
  for (const [i, p] of DEMO_PRODUCTS.entries()) {
    const shop = shops.get(p.by)!;
    const psubcategoryId = subcategories.get(p.sub);
    if (!psubcategoryId) throw new Error(`demo seed: no subcategory ${p.sub}`);
    const type = p.type ?? 'offer';
    const images = type === 'offer' ? (p.images ?? 1) : 0;
    const uploads = await Promise.all(Array.from({ length: images }, (_, k) => demoImage(i, k)));
    const body = createProductBody.parse({
      name: p.lang === 'ar' ? p.ar : p.fr,
      name_ar: p.ar,
      name_fr: p.fr,
      more_infos_ar: p.infosAr,
      more_infos_fr: p.infosFr,
      price: p.price,
      negotiable: p.negotiable ? 'yes' : 'no',
      used: p.used ? 'yes' : 'no',
      delivery: p.delivery ? 'yes' : 'no',
      offer_type: p.rent ?? (type === 'offer' ? 'sale' : 'buy'),
      number: p.number,
      distance: p.distance,
      ...near(NEIGHBOURHOODS[p.at ?? shop.at], i),
      psubcategory_id: psubcategoryId,
      shop_id: shop.id,
    });
    const product = await products.create(
      { db, media },
      users[shop.owner],
      type,
      body,
      await pfieldInputs(db, psubcategoryId, p.fields),
      uploads,
    );
    made.push(product.id);
    if (p.key) ids.set(p.key, product.id);
  }
  await spreadDates(db, made);
  await interactions(db, users, (key) => {
    const id = ids.get(key);
    if (!id) throw new Error(`demo seed: no product ${key}`);
    return id;
  });
  return { shops: shops.size, products: made.length };
}

/** Posting dates spread over the last days, in id order, so that the lists look lived in. */
async function spreadDates(db: DB, productIds: number[]) {
  const end = Date.now() - 3600_000;
  const step = (SPREAD_DAYS * 86_400_000) / productIds.length;
  await db.transaction().execute(async (trx) => {
    for (const [i, id] of productIds.entries()) {
      const at = new Date(end - (productIds.length - 1 - i) * step).toISOString();
      await trx
        .updateTable('products')
        .set({ created_at: at, updated_at: at })
        .where('id', '=', id)
        .execute();
    }
  });
}

/** Commands (some accepted, which marks them sold), comments and replies, reactions, saves. */
async function interactions(db: DB, u: DemoUsers, product: (key: string) => number) {
  const order = async (
    who: DemoUserKey,
    key: string,
    body: Record<string, unknown>,
    acceptedBy?: DemoUserKey,
  ) => {
    const command = await commands.create(db, product(key), u[who], commandBody.parse(body));
    if (acceptedBy) await commands.markSold(db, command.id, u[acceptedBy]);
    return command;
  };
  const hiluxOrder = await order(
    'mariem',
    'hilux',
    { price: 1_800_000, text: 'Je peux payer comptant cette semaine.' },
    'sidi',
  );
  await order('sidi', 'camel', { price: 270_000, text: 'السلام عليكم، أريد الناقة.' }, 'mohamed');
  await order('mohamed', 'fridge', { price: 20_000, number: 1 }, 'aicha');
  await order(
    'aicha',
    'tecno',
    { price: 7_500, number: 2, text: 'Deux pour mes enfants.' },
    'sidi',
  );
  await order('mariem', 'melhfa_voile', { price: 2_500, number: 3 }, 'aicha');
  await order('sidi', 'daraa', { price: 8_500, number: 1, text: 'مقاس XL من فضلك' });
  await order('aicha', 'iphone13', { price: 35_000, private: 'yes', text: 'Dernier prix ?' });

  const say = (who: DemoUserKey, type: 'product' | 'comment' | 'command', id: number, t: string) =>
    comments.create(db, type, id, u[who], t);
  const q1 = await say('aicha', 'product', product('hilux'), 'هل السعر قابل للتفاوض؟');
  await say('sidi', 'comment', q1.id, 'نعم قليلا، تفضلي لرؤيتها في المعرض.');
  const q2 = await say(
    'aicha',
    'product',
    product('apt_tz'),
    'L’eau et l’électricité sont-elles comprises ?',
  );
  await say('mohamed', 'comment', q2.id, 'Oui, tout est compris sauf la climatisation.');
  const q3 = await say('sidi', 'product', product('melhfa_voile'), 'عندكم اللون الأزرق؟');
  await say('aicha', 'comment', q3.id, 'نعم، متوفر بكل المقاسات.');
  await say('mohamed', 'product', product('iphone13'), 'Toujours disponible ?');
  await say('mariem', 'command', hiluxOrder.id, 'Je passe demain matin au garage.');

  const reactions: [DemoUserKey, string, ReactionKind][] = [
    ['aicha', 'hilux', 'like'],
    ['mariem', 'hilux', 'love'],
    ['mariem', 'melhfa_voile', 'love'],
    ['sidi', 'apt_tz', 'like'],
    ['mohamed', 'iphone13', 'wow'],
    ['mariem', 'camel', 'like'],
    ['aicha', 'daraa', 'love'],
    ['sidi', 'kebch', 'haha'],
  ];
  for (const [who, key, kind] of reactions) await react(db, u[who], 'product', product(key), kind);
  await react(db, u.sidi, 'comment', q1.id, 'like');

  const saves: [DemoUserKey, string][] = [
    ['aicha', 'iphone13'],
    ['aicha', 'apt_tz'],
    ['mariem', 'daraa'],
    ['sidi', 'apt_tz'],
    ['mohamed', 'landcruiser'],
    ['sidi', 'want_iphone'],
  ];
  for (const [who, key] of saves) await setSaved(db, u[who], product(key), true);
}

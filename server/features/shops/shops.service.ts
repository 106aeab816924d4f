import type { DB, Executor } from '../../db/types';
import { forbidden, HttpError, invalid, notFound } from '../../errors';
import { can, type Viewer } from '../../../shared/domain/permissions';
import {
  SHOP_IMAGES,
  type CreateShopBody,
  type UpdateShopBody,
} from '../../../shared/schemas/shops';
import {
  imageChanges,
  prepareImages,
  preparedList,
  type WriteDeps,
  type Uploads,
} from './image-fields';
import * as repo from './shops.repository';
import { changedFields, recordAudit } from '../admin/audit.service';
import { toPagination } from '../../../shared/schemas/common';
import type { AuthUser } from '../../plugins/session';
import { seesShopNumbers } from '../insights/numbers';
import { toPublicShop, toShopListItem } from './shops.mapper';

// A shop itself: read, list, create, edit, delete. Its staff: staff.service.ts.

export async function roleOf(db: Executor, shopId: number, viewer: Viewer | null) {
  return repo.shopRoleOf(db, shopId, viewer?.id);
}

export async function shopOr404(db: Executor, id: number) {
  const shop = await repo.findShopRow(db, id);
  if (!shop) throw notFound();
  return shop;
}

async function isPersonalShop(db: Executor, shop: { id: number; is_professional: number }) {
  if (shop.is_professional) return false;
  const owner = await repo.ownerIdOf(db, shop.id);
  return owner !== null && (await repo.personalShopIdOf(db, owner)) === shop.id;
}

async function assertPcategory(db: Executor, id: number | null | undefined) {
  if (id && !(await repo.pcategoryExists(db, id))) throw invalid('pcategory_id');
}

export async function getShop(db: DB, id: number) {
  const row = await repo.findShop(db, id);
  if (!row) return null;
  return { row, employees: await repo.employeesOf(db, id) };
}

/** GET /shops/shop/{id}'s shop: numbers for its staff and site staff only; null for an unknown id. */
export async function publicShop(db: DB, id: number, viewer: AuthUser | null) {
  const found = await getShop(db, id);
  if (!found) return null;
  const seesNumbers = await seesShopNumbers(db, viewer, found.row.id);
  return toPublicShop(found.row, found.employees, seesNumbers);
}

/** GET /shops/paginate/all/0's page of shops. */
export async function shopsPage(db: DB, page: number, perPage: number) {
  const { rows, total } = await listShops(db, page, perPage);
  return toPagination(rows.map(toShopListItem), total, page, perPage);
}

export async function listShops(db: DB, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    repo.listShops(db, (page - 1) * perPage, perPage),
    repo.countShops(db),
  ]);
  return { rows, total };
}

/**
 * Creates the shop with its creator as owner (DESIGN §4), in one transaction. The logo and cover
 * are checked and converted first, written just before the transaction, and removed again if it
 * fails: a refused request leaves no file behind.
 */
export async function createShop(
  { db, media }: WriteDeps,
  viewer: Viewer,
  body: CreateShopBody,
  uploads: Uploads = {},
) {
  const images = await prepareImages(media, uploads, SHOP_IMAGES);
  const id = await media.commit(preparedList(images), () =>
    db.transaction().execute(async (trx) => {
      await assertPcategory(trx, body.pcategory_id);
      const shopId = await repo.insertShop(trx, {
        name: body.name,
        logo: images.logo?.name ?? null,
        cover: images.cover?.name ?? null,
        description: body.description ?? null,
        phone_1: body.phone_1 ?? null,
        phone_2: body.phone_2 ?? null,
        first_whatsapp_number: body.first_whatsapp_number ?? null,
        second_whatsapp_number: body.second_whatsapp_number ?? null,
        email: body.email ?? null,
        more_infos: body.more_infos ?? null,
        is_professional: body.is_professional ? 1 : 0,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        pcategory_id: body.pcategory_id ?? null,
      });
      await repo.insertEmployee(trx, shopId, viewer.id, 'owner');
      return shopId;
    }),
  );
  return (await getShop(db, id))!;
}

/** 404 for an unknown shop, 403 for a viewer who may not edit it. */
async function assertCanEdit(db: Executor, viewer: Viewer, id: number) {
  const shop = await shopOr404(db, id);
  if (!can.editShop(viewer, await roleOf(db, id, viewer))) throw forbidden();
  return shop;
}

/**
 * Edits the fields sent. A new logo or cover replaces the old one, whose files are removed once
 * the transaction has committed; '' or null removes it.
 */
export async function updateShop(
  { db, dialect, media }: WriteDeps,
  viewer: Viewer,
  id: number,
  body: UpdateShopBody,
  uploads: Uploads = {},
) {
  // Checked before any image is converted, and again under the row lock below.
  await assertCanEdit(db, viewer, id);
  const images = await prepareImages(media, uploads, SHOP_IMAGES);
  const replaced = await media.commit(preparedList(images), () =>
    db.transaction().execute(async (trx) => {
      // Locked so that two edits at once each remove the image they replaced, and so that a
      // deletion running meanwhile is seen (404, and the new files go again).
      await repo.lockShops(trx, dialect, [id]);
      const shop = await assertCanEdit(trx, viewer, id);
      // The personal shop stays personal (DESIGN §6): turning it professional would leave the
      // user without one, and make it deletable.
      if (body.is_professional && !shop.is_professional && (await isPersonalShop(trx, shop))) {
        throw invalid('is_professional', 'personal_shop');
      }
      await assertPcategory(trx, body.pcategory_id);
      const { is_professional, latitude, longitude, logo, cover, ...rest } = body;
      const changes: Parameters<typeof repo.updateShop>[2] = {};
      for (const [key, value] of Object.entries(rest)) {
        if (value !== undefined) Object.assign(changes, { [key]: value });
      }
      if (is_professional !== undefined) changes.is_professional = is_professional ? 1 : 0;
      // A point is both coordinates: setting or clearing one sets or clears the pair.
      if (latitude !== undefined || longitude !== undefined) {
        changes.latitude = latitude ?? null;
        changes.longitude = longitude ?? null;
      }
      const pictures = imageChanges(SHOP_IMAGES, shop, { logo, cover }, images);
      Object.assign(changes, pictures.changes);
      await repo.updateShop(trx, id, changes);
      // Site staff editing a shop they are not in (issue 34 item 4): the fields that changed.
      const edited = changedFields<Record<string, unknown>>(
        shop,
        { ...shop, ...changes },
        Object.keys(changes),
      );
      if (edited && !(await roleOf(trx, id, viewer))) {
        await recordAudit(trx, {
          actorId: viewer.id,
          action: 'shop.update',
          targetType: 'shop',
          targetId: id,
          ...edited,
        });
      }
      return pictures.replaced;
    }),
  );
  await media.removeFiles(replaced);
  return (await getShop(db, id))!;
}

/**
 * Deletes the shop; its products (and all that hangs under them) go by FK cascade, then their
 * stored files. A personal shop goes only with its user.
 */
export async function deleteShop({ db, dialect, media }: WriteDeps, viewer: Viewer, id: number) {
  const names = await db.transaction().execute(async (trx) => {
    await repo.lockShops(trx, dialect, [id]);
    const shop = await shopOr404(trx, id);
    const role = await roleOf(trx, id, viewer);
    if (!can.deleteShop(viewer, role)) throw forbidden();
    if (await isPersonalShop(trx, shop)) throw new HttpError(422, { global: ['personal_shop'] });
    const media = await repo.mediaNamesOfShops(trx, [id]);
    await repo.deleteShops(trx, [id]);
    if (!role) {
      await recordAudit(trx, {
        actorId: viewer.id,
        action: 'shop.delete',
        targetType: 'shop',
        targetId: id,
        before: { name: shop.name },
      });
    }
    return media;
  });
  await media.removeFiles(names);
}

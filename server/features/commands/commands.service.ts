import type { DB, Executor } from '../../db/types';
import type { AuthUser } from '../../plugins/session';
import { isForeignKeyViolation } from '../../db/errors';
import { forbidden, HttpError, invalid, notFound } from '../../errors';
import { holdContactFromNewAccount } from '../moderation/reports.service';
import { can } from '../../../shared/domain/permissions';
import { recordAudit } from '../admin/audit.service';
import { isExpired } from '../../../shared/domain/listing';
import { checkCommand, commandRules, isCommandPrivate } from '../../../shared/domain/commands';
import type { CommandBody, CommandListBody } from '../../../shared/schemas/commands';
import { notify, shopStaffIds } from '../notifications/notify';
import * as announcements from '../moderation/announcements.repository';
import * as repo from './commands.repository';
import { loadVisibleCommand, productContext } from './command-visibility';
import { toCommand } from './commands.mapper';
import * as rentals from '../rentals/rentals.service';
import { rentsOut } from '../../../shared/domain/products';

// Commands (orders) on a product: SPEC §5's rules, SPEC §6's permissions, DESIGN §6's
// visibility of private commands and "accepting is marking sold".

type Viewer = AuthUser | null;

// Comments and reactions load a thread's command through this module, as before the move.
export { loadVisibleCommand };

/** Edit and delete refuse a sold command with 422 (the author may act, but not any more). */
const commandSold = () => new HttpError(422, { global: ['command_sold'] });

/** Who hears of activity on a command: the whole staff, or only its managers when private. */
export async function commandStaffIds(
  db: Executor,
  command: { private: string },
  product: { private: string; shop_id: number },
): Promise<number[]> {
  return isCommandPrivate(command, product)
    ? repo.shopManagerIds(db, product.shop_id)
    : shopStaffIds(db, product.shop_id);
}

/**
 * DESIGN §6: the shop's staff (its managers when private) hear of a new command; at its creation,
 * or on its release when it was held for review (moderation.service).
 */
export async function announceCommand(
  trx: Executor,
  command: { id: number; user_id: number | null; private: string },
  product: { id: number; private: string; shop_id: number; type: string },
): Promise<void> {
  await notify(trx, 'commanded', command.user_id, await commandStaffIds(trx, command, product), {
    product_id: product.id,
    type: product.type as 'offer' | 'demand',
    command_id: command.id,
  });
}

/** announceCommand for a command known by its id (a released one). */
export async function announceCommandById(trx: Executor, id: number): Promise<void> {
  const command = await repo.findCommand(trx, id);
  const product = command && (await repo.findProductForCommands(trx, command.product_id));
  if (command && product) await announceCommand(trx, command, product);
}

/** Who hears of a comment on a command: its author and the staff who may see it. */
export async function commandPartyIds(trx: Executor, commandId: number): Promise<number[]> {
  const command = await repo.findCommand(trx, commandId);
  const product = command && (await repo.findProductForCommands(trx, command.product_id));
  if (!command || !product) return [];
  // A deleted account's command has no author left to tell (issue 34 item 5).
  const author = command.user_id === null ? [] : [command.user_id];
  return [...author, ...(await commandStaffIds(trx, command, product))];
}

function checked(body: CommandBody, product: repo.CommandProduct) {
  const result = checkCommand(body, product);
  if (!result.ok) throw new HttpError(422, result.errors as Record<string, string[]>);
  return { ...result.value, private: body.private, text: body.text };
}

export async function list(db: DB, productId: number, viewer: Viewer, page: CommandListBody) {
  const { product, shopRole } = await productContext(db, productId, viewer);
  const rows = await repo.listCommands(db, {
    productId,
    viewerId: viewer?.id,
    seesAll: can.seePrivateCommand(viewer, { user_id: -1 }, shopRole),
    allPrivate: product.private === 'yes',
    seesHidden: can.moderate(viewer),
    ...page,
  });
  // The total counts private commands too, so the list can say the rest are private.
  const commands = rows.map((row) => toCommand(row, can.seeCommandContact(viewer, row, shopRole)));
  return { commands, total: product.commands_count };
}

export async function get(db: DB, id: number, viewer: Viewer) {
  const { command, shopRole } = await loadVisibleCommand(db, id, viewer);
  return toCommand(command, can.seeCommandContact(viewer, command, shopRole));
}

export async function create(db: DB, productId: number, viewer: AuthUser, body: CommandBody) {
  try {
    return await createIn(db, productId, viewer, body);
  } catch (error) {
    // The product was deleted while we wrote: it is gone, as for an unknown id.
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
}

function createIn(db: DB, productId: number, viewer: AuthUser, body: CommandBody) {
  return db.transaction().execute(async (trx) => {
    const { product, shopRole } = await productContext(trx, productId, viewer);
    // DESIGN §6: the shop's own staff do not order from it.
    if (!can.commandProduct(viewer, shopRole)) throw forbidden();
    // Issue 32: an offer whose sale ended it, or expired, takes no new commands.
    if (product.sold_at) throw new HttpError(422, { global: ['product_sold'] });
    if (isExpired(product)) throw new HttpError(422, { global: ['product_expired'] });
    const values = checked(body, product);
    await rentals.checkFree(trx, product, values);
    const id = await repo.insertCommand(trx, {
      user_id: viewer.id,
      product_id: productId,
      ...values,
    });
    await repo.addToCommandsCount(trx, productId, 1);
    // A held command is announced when a moderator releases it (its link is a 404 till then).
    if (await holdContactFromNewAccount(trx, 'command', id, viewer.id, values.text)) {
      await announcements.owe(trx, 'command', id);
    } else {
      await announceCommand(trx, { id, user_id: viewer.id, private: values.private }, product);
    }
    // The author (create, edit), a site admin (edit) or a shop manager (sold): a party.
    return toCommand((await repo.findCommand(trx, id, viewer.id))!, true);
  });
}

export async function update(db: DB, id: number, viewer: AuthUser, body: CommandBody) {
  return db.transaction().execute(async (trx) => {
    const { command, product } = await loadVisibleCommand(trx, id, viewer);
    if (!can.editCommand(viewer, { user_id: command.user_id, sold: false })) throw forbidden();
    if (command.sold) throw commandSold();
    const values = checked(body, product);
    await rentals.checkFree(trx, product, values);
    // Guarded by sold = 0: a command marked sold meanwhile is not changed.
    if (!(await repo.updateUnsoldCommand(trx, id, values))) throw commandSold();
    // A site admin editing someone else's command (issue 34 item 4).
    if (viewer.id !== command.user_id) {
      await recordAudit(trx, {
        actorId: viewer.id,
        action: 'command.update',
        targetType: 'command',
        targetId: id,
        before: { number: command.number, text: command.text },
        after: { number: values.number, text: values.text },
      });
    }
    // The author (create, edit), a site admin (edit) or a shop manager (sold): a party.
    return toCommand((await repo.findCommand(trx, id, viewer.id))!, true);
  });
}

export async function remove(db: DB, id: number, viewer: AuthUser): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { command } = await loadVisibleCommand(trx, id, viewer);
    if (!can.deleteCommand(viewer, { user_id: command.user_id, sold: false })) throw forbidden();
    if (command.sold) throw commandSold();
    if (!(await repo.deleteUnsoldCommand(trx, id))) {
      throw (await repo.findCommand(trx, id)) ? commandSold() : notFound();
    }
    if (viewer.id !== command.user_id) {
      await recordAudit(trx, {
        actorId: viewer.id,
        action: 'command.delete',
        targetType: 'command',
        targetId: id,
        before: { number: command.number, text: command.text, user_id: command.user_id },
      });
    }
    // Its comments (and their replies) went with it by cascade; they were counted on the
    // command, not on the product, so only commands_count changes here.
    await repo.addToCommandsCount(trx, command.product_id, -1);
  });
}

/**
 * DESIGN §6: accepting a command is marking it sold. The sold flag, the product's sold_count and
 * the `accepted` notification change together; a guarded UPDATE keeps sold_count ≤ number.
 */
export async function markSold(db: DB, id: number, viewer: AuthUser) {
  return db.transaction().execute(async (trx) => {
    const { command, product, shopRole } = await loadVisibleCommand(trx, id, viewer);
    if (!can.markCommandSold(viewer, { sold: false }, shopRole)) throw forbidden();
    const alreadySold = () => new HttpError(422, { global: ['already_sold'] });
    if (command.sold) throw alreadySold();
    // A buyer who deleted their account (migration 033 keeps the command, its author null) can
    // neither be told nor take the goods: accepting would take stock for nobody.
    if (command.user_id === null) throw invalid('global', 'buyer_deleted');
    if (!(await repo.markSold(trx, id))) {
      throw (await repo.findCommand(trx, id)) ? alreadySold() : notFound();
    }
    const { countable } = commandRules(product);
    // Issue 32 item 7: a rent offer's units are held for the rent's period, then come back.
    if (rentsOut(product)) await rentals.hold(trx, product, command);
    else if (!(await repo.addSold(trx, product.id, command.number, countable))) {
      throw invalid('global', 'number_not_available');
    }
    await notify(trx, 'accepted', viewer.id, [command.user_id], {
      product_id: product.id,
      type: product.type as 'offer' | 'demand',
      command_id: id,
    });
    // The author (create, edit), a site admin (edit) or a shop manager (sold): a party.
    return toCommand((await repo.findCommand(trx, id, viewer.id))!, true);
  });
}

/**
 * A moderator's delete (issue 19, the queue's `delete`), in the moderation's transaction. A sold
 * command counts in its product's sold_count: it is hidden instead (422 command_sold).
 */
export async function removeInModeration(trx: Executor, id: number): Promise<boolean> {
  const command = await repo.findCommand(trx, id);
  if (!command) return false;
  if (command.sold) throw commandSold();
  if (!(await repo.deleteUnsoldCommand(trx, id))) throw commandSold();
  await repo.addToCommandsCount(trx, command.product_id, -1);
  return true;
}

import type { Executor } from '../../db/types';
import type { AuthUser } from '../../plugins/session';
import { notFound } from '../../errors';
import { can } from '../../../shared/domain/permissions';
import { canSeeCommand } from '../../../shared/domain/commands';
import * as repo from './commands.repository';

// Who may see a command (DESIGN §6), apart from commands.service: moderation's reports check a
// reported command with it, and commands.service holds new commands through moderation, so the
// two services would otherwise import each other (issue 33 item 4).

type Viewer = AuthUser | null;

/** A command's product and the viewer's role in its shop; 404 when the product is gone. */
export async function productContext(db: Executor, productId: number, viewer: Viewer) {
  const product = await repo.findProductForCommands(db, productId);
  if (!product) throw notFound();
  const shopRole = await repo.shopRoleOf(db, product.shop_id, viewer?.id);
  return { product, shopRole };
}

/** A command the viewer may see, with its product and the viewer's shop role; else 404. */
export async function loadVisibleCommand(db: Executor, id: number, viewer: Viewer) {
  const command = await repo.findCommand(db, id, viewer?.id);
  if (!command) throw notFound();
  const { product, shopRole } = await productContext(db, command.product_id, viewer);
  if (!canSeeCommand(viewer, command, product, shopRole)) throw notFound();
  const shown = command.moderation_status === 'visible' && !command.user_banned_at;
  if (!shown && !can.seeModerated(viewer, command)) {
    throw notFound();
  }
  return { command, product, shopRole };
}

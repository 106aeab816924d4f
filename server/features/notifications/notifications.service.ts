import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { toPagination, type Pagination } from '../../../shared/schemas/common';
import {
  NOTIFICATION_FILTER_KINDS,
  type Notification,
  type NotificationFilter,
} from '../../../shared/schemas/notifications';
import { now } from '../../db/connect';
import type { DB } from '../../db/types';
import { notFound } from '../../errors';
import { toNotification } from './notifications.mapper';
import * as repo from './notifications.repository';

// SPEC §6: notification actions are for the user's own notifications. Every statement is scoped
// by the reader's id, so another user's notification answers 404 exactly like an unknown one
// (its existence is not revealed) and is never touched.

const kindsOf = (filter: NotificationFilter) =>
  filter === 'all' ? null : NOTIFICATION_FILTER_KINDS[filter];

export function unreadCount(db: DB, userId: number): Promise<number> {
  return repo.countUnread(db, userId);
}

export async function paginate(
  db: DB,
  userId: number,
  filter: NotificationFilter,
  page: number,
): Promise<Pagination<Notification>> {
  const { rows, total } = await repo.pageOf(db, userId, kindsOf(filter), page, LIST_PAGE_SIZE);
  return toPagination(rows.map(toNotification), total, page, LIST_PAGE_SIZE);
}

export async function markAsRead(db: DB, userId: number, id: number): Promise<Notification> {
  return db.transaction().execute(async (trx) => {
    await repo.markRead(trx, userId, id, now());
    const row = await repo.findOwn(trx, userId, id);
    if (!row) throw notFound();
    return toNotification(row);
  });
}

export async function remove(db: DB, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteOwn(db, userId, id))) throw notFound();
}

export function markAllAsRead(db: DB, userId: number, filter: NotificationFilter): Promise<number> {
  return repo.markAllRead(db, userId, kindsOf(filter), now());
}

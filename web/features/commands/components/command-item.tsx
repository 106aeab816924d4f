import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { ShopRole } from '../../../../shared/constants';
import {
  commandRules,
  isCommandPrivate,
  showsTotal,
  totalPrice,
} from '../../../../shared/domain/commands';
import { can } from '../../../../shared/domain/permissions';
import type { Product } from '../../../../shared/schemas/products';
import { dealKind } from '../../../../shared/domain/products';
import { Avatar } from '../../../components/avatar';
import { ConfirmModal } from '../../../components/confirm-modal';
import { CheckIcon } from '../../../components/icons';
import { ReadMore } from '../../../components/read-more';
import { RelativeTime } from '../../../components/relative-time';
import { UserText } from '../../../components/user-text';
import { formatNumber, formatRentMoment } from '../../../lib/format';
import { isLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/use-me';
import { PhoneButton, ReactionsBar, priceText, productKeys } from '../../products';
import {
  CommentsList,
  ItemMenu,
  countsFor,
  countsOf,
  maxDepthOf,
  useThreadCommand,
} from '../../comments';
import { useSetCachedCommand, useUpdateCachedCommand, type Command } from '../api/command';
import { deleteCommand } from '../api/delete-command';
import { markCommandSold } from '../api/mark-command-sold';
import { RateShop } from './rate-shop';
import { targetOf } from '../form-rules';
import { CommandForm } from './command-form';
import './command-item.css';

/** What accepting does, in the deal's words (issue 35 item 5: a rent is not 'sold'). */
const CONFIRM_ACCEPT = {
  demand: 'confirm_accept_proposal',
  rent: 'confirm_accept_rent',
  sale: 'confirm_mark_sold',
} as const;

interface CommandItemProps {
  command: Command;
  product: Product;
  shopRole: ShopRole | null;
  /** Deleted: a short notice shows in its place until the list lets it go (SPEC §4). */
  removed?: boolean;
  onDeleted: () => void;
  /** The single command page opens the replies (and the reply box, for who may write) at once. */
  threadOpen?: boolean;
}

/**
 * SPEC §2's command item: photo, name linking to the profile, contact, quantity, period, price
 * and total, private flag, text, date, reply, reactions, sold control, edit and delete menu, and
 * the nested replies (comments of type command, two levels).
 */
export function CommandItem({
  command: initial,
  product,
  shopRole,
  removed = false,
  onDeleted,
  threadOpen = false,
}: CommandItemProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const setCached = useSetCachedCommand();
  const updateCached = useUpdateCachedCommand();
  const command = useThreadCommand(initial.id, initial).data ?? initial;
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirmSold, setConfirmSold] = useState(false);
  const [selling, setSelling] = useState(false);
  const [open, setOpen] = useState(threadOpen);
  const [replyBox, setReplyBox] = useState(threadOpen && can.replyToCommand(me, initial, shopRole));
  const [focusSignal, setFocusSignal] = useState(0);
  // One object per version of the command: the bar takes a new one as a change from outside.
  const counts = useMemo(() => countsFor(command), [command]);

  if (removed) {
    return (
      <p className="command-removed" role="status">
        {t('command_deleted')}
      </p>
    );
  }

  const rules = commandRules(targetOf(product));
  const demand = product.type === 'demand';
  // A deleted account's command stays, its author shown as "deleted account" (issue 34 item 5).
  const author = command.user;
  const name = author ? `${author.first_name} ${author.last_name}` : t('deleted_account');
  const canReply = can.replyToCommand(me, command, shopRole);
  const money = (amount: number) => priceText({ price: amount, unit: null }, language, t);
  const total = showsTotal(command, rules) ? totalPrice(command, rules) : null;
  const productChanged = () =>
    queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id) });

  async function remove() {
    setDeleting(true);
    try {
      await deleteCommand(command.id);
      setConfirmDelete(false);
      void productChanged();
      onDeleted();
    } catch {
      // SPEC §8: a failed delete stops its loading indicator, without a message.
      setDeleting(false);
      setConfirmDelete(false);
    }
  }

  async function sell() {
    setConfirmSold(false);
    setSelling(true);
    try {
      setCached(await markCommandSold(command.id));
      setSelling(false);
      void productChanged();
    } catch {
      // SPEC §8: a failed mark-sold leaves its loading indicator on, without a message.
    }
  }

  const onReply = () => {
    setOpen(true);
    setReplyBox(true);
    setFocusSignal((n) => n + 1);
  };

  return (
    <article
      className={command.sold ? 'command-item command-item--sold' : 'command-item'}
      aria-label={t('command_by', { name })}
    >
      <header className="command-item__head">
        {author ? (
          <Link to={paths.user(author.id)} tabIndex={-1} aria-hidden="true">
            <Avatar name={name} photo={author.photo_small_url ?? author.photo} size={40} />
          </Link>
        ) : (
          <span aria-hidden="true">
            <Avatar name={name} size={40} />
          </span>
        )}
        <div className="command-item__who">
          {author ? (
            <Link to={paths.user(author.id)} className="command-item__author">
              <UserText text={name} />
            </Link>
          ) : (
            <span className="command-item__author command-item__author--deleted">{name}</span>
          )}
          <RelativeTime date={command.created_at} className="command-item__date" />
        </div>
        <div className="command-item__badges">
          {isCommandPrivate(command, product) && (
            <span className="badge badge--private">
              {demand ? t('private_proposal') : t('private_command')}
            </span>
          )}
          {command.sold && (
            <span className="badge badge--sold">
              <CheckIcon size={14} />
              {demand ? t('proposal_accepted') : t('command_accepted')}
            </span>
          )}
        </div>
        {!editing && (
          <ItemMenu
            label={t('command_options')}
            editLabel={demand ? t('edit_proposal') : t('edit_command')}
            deleteLabel={demand ? t('delete_proposal') : t('delete_command')}
            onEdit={can.editCommand(me, command) ? () => setEditing(true) : undefined}
            onDelete={can.deleteCommand(me, command) ? () => setConfirmDelete(true) : undefined}
            report={can.reportItem(me, command) ? { type: 'command', id: command.id } : undefined}
          />
        )}
      </header>

      {editing ? (
        <CommandForm
          product={product}
          command={command}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setCached(saved);
            setEditing(false);
          }}
        />
      ) : (
        <>
          <dl className="command-item__facts">
            {rules.countable && (
              <div>
                <dt>{t('quantity')}</dt>
                <dd>{formatNumber(command.number, language)}</dd>
              </div>
            )}
            {rules.rentable && command.period !== null && (
              <div>
                <dt>{t('period')}</dt>
                <dd>
                  {product.offer_type === 'hourly_rent'
                    ? t('period_hours_count', { count: command.period })
                    : t('period_months_count', { count: command.period })}
                </dd>
              </div>
            )}
            {rules.rentable && command.starts_at && (
              <div>
                <dt>{t('rent_starts')}</dt>
                <dd>{formatRentMoment(command.starts_at, product.unit, language)}</dd>
              </div>
            )}
            {command.price !== null && (
              <div>
                <dt>{rules.countable || rules.rentable ? t('unit_price') : t('command_price')}</dt>
                {/* A rent's unit price keeps its unit: '2 000 MRU / heure'. */}
                <dd>
                  {rules.rentable
                    ? priceText({ price: command.price, unit: product.unit }, language, t)
                    : money(command.price)}
                </dd>
              </div>
            )}
            {total !== null && (
              <div className="command-item__total">
                <dt>{t('total_price')}</dt>
                <dd>{money(total)}</dd>
              </div>
            )}
          </dl>
          {command.text && <ReadMore text={command.text} className="command-item__text" />}
          {command.sold && me?.id === command.user_id && (
            <p className="command-item__notice">
              {demand ? t('proposal_sold_notice') : t('command_sold_notice')}
            </p>
          )}
          {command.sold && !demand && me?.id === command.user_id && (
            <RateShop commandId={command.id} />
          )}
        </>
      )}

      <div className="command-item__actions">
        <ReactionsBar
          type="command"
          id={command.id}
          counts={counts}
          reaction={command.reaction}
          compact
          onChange={(state) => setCached({ ...command, ...countsOf(state) })}
        />
        {/* Only the command's parties get the buyer's phone (issue 14 item 12). */}
        {author?.phone && (
          <PhoneButton
            phone={author.phone}
            whatsapp={author.whatsapp_number}
            compact
            className="command-item__phone"
          />
        )}
        {canReply && !(open && replyBox) && (
          <button type="button" className="button button--ghost button--small" onClick={onReply}>
            {t('reply')}
          </button>
        )}
        {/* A buyer who has left cannot be accepted (the server answers 422 buyer_deleted). */}
        {command.user_id !== null && can.markCommandSold(me, command, shopRole) && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => setConfirmSold(true)}
            disabled={selling}
            aria-busy={selling}
          >
            {selling && (
              <span className="loader__spinner loader__spinner--small" aria-hidden="true" />
            )}
            {demand ? t('accept_proposal') : t('mark_sold')}
          </button>
        )}
      </div>

      {command.comments_count > 0 && (
        <button
          type="button"
          className="link-button command-item__replies-toggle"
          aria-expanded={open}
          onClick={() => {
            setOpen((value) => !value);
            setReplyBox(false);
          }}
        >
          {open
            ? t('hide_replies_count', { count: command.comments_count })
            : t('show_replies_count', { count: command.comments_count })}
        </button>
      )}
      {open && (command.comments_count > 0 || replyBox) && (
        <div className="command-item__thread">
          <CommentsList
            type="command"
            id={command.id}
            depth={1}
            rules={{ maxDepth: maxDepthOf('command'), canWrite: canReply }}
            inputOpen={replyBox}
            focusSignal={focusSignal}
            onCountChange={(delta) =>
              updateCached(command.id, (old) => ({
                ...old,
                comments_count: Math.max(0, old.comments_count + delta),
              }))
            }
          />
        </div>
      )}

      <ConfirmModal
        open={confirmDelete}
        busy={deleting}
        message={demand ? t('confirm_delete_proposal') : t('confirm_delete_command')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={remove}
      />
      <ConfirmModal
        open={confirmSold}
        title={demand ? t('accept_proposal') : t('mark_sold')}
        message={t(CONFIRM_ACCEPT[dealKind(product)])}
        tone="normal"
        onCancel={() => setConfirmSold(false)}
        onConfirm={sell}
      />
    </article>
  );
}

import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  MODERATION_QUEUE_FILTERS,
  MODERATION_QUEUE_SORTS,
  REPORT_TEXT_MAX,
  type ModerationAction,
} from '../../../../shared/domain/trust';
import type { ModerationItem, ModerationLogEntry } from '../../../../shared/schemas/trust';
import { ConfirmModal } from '../../../components/confirm-modal';
import { Modal } from '../../../components/modal';
import { RelativeTime } from '../../../components/relative-time';
import { UserText } from '../../../components/user-text';
import { formatDateTime } from '../../../lib/format';
import { errorText, formErrorsOf } from '../../../lib/form-errors';
import { isLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useBanUser } from '../api/ban-user';
import { useModerateItem } from '../api/moderate-item';
import { useModerationLog } from '../api/moderation-log';
import { useModerationQueue, type QueueSort, type QueueStatus } from '../api/moderation-queue';
import { PagedList } from './list-states';
import './catalog-section.css';
import './moderation-tab.css';

// Issue 19 (docs/trust.md): the moderation queue (reported, held and flagged items with their
// reports) and the audit log, for site admins and moderators. Filter, sort, view and page live in
// the address (?tab=moderation&status=review&sort=most_reported&page=2, ?tab=moderation&view=log).

const STATUS_LABEL: Record<QueueStatus, string> = {
  open: 'moderation_filter_open',
  review: 'moderation_filter_review',
  hidden: 'moderation_filter_hidden',
  all: 'moderation_filter_all',
};
const SORT_LABEL: Record<QueueSort, string> = {
  newest: 'moderation_sort_newest',
  most_reported: 'moderation_sort_most_reported',
};
const TYPE_LABEL: Record<string, string> = {
  product: 'moderation_type_product',
  comment: 'moderation_type_comment',
  command: 'moderation_type_command',
  user: 'moderation_type_user',
};
const ACTION_LABEL: Record<ModerationAction, string> = {
  hide: 'moderation_action_hide',
  restore: 'moderation_action_restore',
  delete: 'moderation_action_delete',
  dismiss: 'moderation_action_dismiss',
};
/** What the log says was done (past tense); an unknown action reads as sent. */
const LOGGED_LABEL: Record<string, string> = {
  hide: 'moderation_logged_hide',
  restore: 'moderation_logged_restore',
  delete: 'moderation_logged_delete',
  dismiss: 'moderation_logged_dismiss',
  auto_hide: 'moderation_logged_auto_hide',
  hold: 'moderation_logged_hold',
  ban: 'moderation_logged_ban',
  unban: 'moderation_logged_unban',
  flag_contact_in_text: 'moderation_flag_contact_in_text',
  flag_duplicate_photo: 'moderation_flag_duplicate_photo',
};
const STATUS_NOTE: Record<string, string> = {
  review: 'moderation_status_review',
  hidden: 'moderation_status_hidden',
  banned: 'moderation_status_banned',
};
const FLAG_LABEL: Record<string, string> = {
  contact_in_text: 'moderation_flag_contact_in_text',
  duplicate_photo: 'moderation_flag_duplicate_photo',
};

const pick = <T extends string>(value: string | null, values: readonly T[], fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The actions that make sense for an item in its state (none once it is deleted). */
function actionsFor(item: ModerationItem): ModerationAction[] {
  const status = item.moderation_status;
  if (status === null) return [];
  const actions: ModerationAction[] = [];
  if (status !== 'hidden') actions.push('hide');
  if (status !== 'visible') actions.push('restore');
  if (item.pending) actions.push('dismiss');
  actions.push('delete');
  return actions;
}

function useErrorText() {
  const { t, i18n } = useTranslation();
  return (error: unknown) => {
    const [first] = formErrorsOf(error, []).general;
    return errorText(t, first ?? 'unknown_error', (key) => i18n.exists(key));
  };
}

function BanDialog({
  name,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  name: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  return (
    <Modal title={t('moderation_ban_title', { name })} onClose={onCancel}>
      <form
        className="moderation-ban"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reason);
        }}
      >
        <p className="modal__message">{t('moderation_ban_text')}</p>
        <div className="field moderation-ban__reason">
          <label htmlFor={reasonId} className="field__label">
            {t('moderation_ban_reason')}
          </label>
          <textarea
            id={reasonId}
            dir="auto"
            rows={3}
            maxLength={REPORT_TEXT_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('report_cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={busy} aria-busy={busy}>
            {t('moderation_ban')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function QueueItem({ item }: { item: ModerationItem }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const noteId = useId();
  const [note, setNote] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [banning, setBanning] = useState<'ban' | 'unban' | null>(null);
  const moderate = useModerateItem();
  const ban = useBanUser();
  const messageOf = useErrorText();
  const author = item.author;
  const authorName = author ? `${author.first_name} ${author.last_name}` : '';

  const act = (action: ModerationAction) =>
    moderate.mutate(
      { type: item.type, id: item.id, action, note },
      {
        onSuccess: () => {
          setNote('');
          setConfirmDelete(false);
        },
        onError: () => setConfirmDelete(false),
      },
    );
  const setBan = (banned: boolean, reason?: string) =>
    author &&
    ban.mutate({ userId: author.id, ban: banned, reason }, { onSuccess: () => setBanning(null) });

  const actions = actionsFor(item);
  return (
    <li className="moderation-item">
      <div className="moderation-item__head">
        <span className="moderation-item__type">{t(TYPE_LABEL[item.type]!)}</span>
        {item.moderation_status && STATUS_NOTE[item.moderation_status] && (
          <span className="moderation-item__status">{t(STATUS_NOTE[item.moderation_status]!)}</span>
        )}
        {item.flag && <span className="moderation-item__flag">{t(FLAG_LABEL[item.flag]!)}</span>}
        <span className="moderation-item__count">
          {t('moderation_reports_count', { n: item.reports_count })}
        </span>
        <RelativeTime date={item.last_event_at} />
      </div>
      {item.title && <UserText as="h3" className="moderation-item__title" text={item.title} />}
      {item.text && item.text !== item.title && (
        <UserText as="p" className="moderation-item__text" text={item.text} />
      )}
      <p className="moderation-item__meta">
        {item.product_id !== null && item.moderation_status !== null && (
          <Link to={paths.product(item.product_id)} className="moderation-item__open">
            {t('moderation_open')}
          </Link>
        )}
        {author && (
          <span>
            {t('moderation_author')}{' '}
            <Link to={paths.user(author.id)} className="moderation-item__author">
              <UserText text={authorName} />
            </Link>
            {author.banned && (
              <span className="moderation-item__banned"> · {t('moderation_banned')}</span>
            )}
          </span>
        )}
      </p>
      {item.reports.length > 0 && (
        <ul className="moderation-reports" aria-label={t('moderation_reports')}>
          {item.reports.map((report, index) => (
            <li key={index} className="moderation-report">
              <p className="moderation-report__head">
                <strong>{t(`report_why_${report.reason}_label`)}</strong>
                <span aria-hidden="true"> · </span>
                {report.reporter ? (
                  <Link to={paths.user(report.reporter.id)}>
                    <UserText text={`${report.reporter.first_name} ${report.reporter.last_name}`} />
                  </Link>
                ) : (
                  <span>{t('anonymous')}</span>
                )}
                <span aria-hidden="true"> · </span>
                <span className="moderation-report__date">
                  {formatDateTime(report.created_at, language)}
                </span>
              </p>
              {report.text && (
                <UserText as="p" className="moderation-report__text" text={report.text} />
              )}
            </li>
          ))}
        </ul>
      )}
      {actions.length > 0 && (
        <div className="field moderation-item__note">
          <label htmlFor={noteId} className="field__label">
            {t('moderation_note')}
          </label>
          <textarea
            id={noteId}
            dir="auto"
            rows={2}
            maxLength={REPORT_TEXT_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      )}
      <div className="moderation-item__actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={
              action === 'delete'
                ? 'button button--small button--danger-outline'
                : 'button button--small button--secondary'
            }
            disabled={moderate.isPending}
            onClick={() => (action === 'delete' ? setConfirmDelete(true) : act(action))}
          >
            {t(ACTION_LABEL[action])}
          </button>
        ))}
        {author && (
          <button
            type="button"
            className="button button--small button--danger-outline moderation-item__ban"
            disabled={ban.isPending}
            onClick={() => setBanning(author.banned ? 'unban' : 'ban')}
          >
            {author.banned ? t('moderation_unban') : t('moderation_ban')}
          </button>
        )}
      </div>
      {moderate.isError && (
        <p className="form-error" role="alert">
          {messageOf(moderate.error)}
        </p>
      )}
      <ConfirmModal
        open={confirmDelete}
        title={t('moderation_action_delete')}
        message={t('moderation_delete_confirm')}
        busy={moderate.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => act('delete')}
      />
      <ConfirmModal
        open={banning === 'unban'}
        title={t('moderation_unban')}
        message={t('moderation_unban_confirm', { name: authorName })}
        tone="normal"
        busy={ban.isPending}
        onCancel={() => setBanning(null)}
        onConfirm={() => setBan(false)}
      />
      {banning === 'unban' && ban.isError && (
        <p className="form-error" role="alert">
          {messageOf(ban.error)}
        </p>
      )}
      {banning === 'ban' && (
        <BanDialog
          name={authorName}
          busy={ban.isPending}
          error={ban.isError ? messageOf(ban.error) : null}
          onCancel={() => {
            ban.reset();
            setBanning(null);
          }}
          onConfirm={(reason) => setBan(true, reason)}
        />
      )}
    </li>
  );
}

function LogItem({ entry }: { entry: ModerationLogEntry }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const label = LOGGED_LABEL[entry.action];
  const type = TYPE_LABEL[entry.target_type];
  return (
    <li className="moderation-log-item">
      <p className="moderation-log-item__head">
        {entry.actor ? (
          <Link to={paths.user(entry.actor.id)} className="moderation-log-item__actor">
            <UserText text={`${entry.actor.first_name} ${entry.actor.last_name}`} />
          </Link>
        ) : (
          <span className="moderation-log-item__actor">{t('moderation_log_auto')}</span>
        )}
        <span className="moderation-log-item__date">
          {formatDateTime(entry.created_at, language)}
        </span>
      </p>
      <p>
        <strong>{label ? t(label) : entry.action}</strong>
        <span aria-hidden="true"> · </span>
        {entry.target_type === 'user' ? (
          <Link to={paths.user(entry.target_id)}>
            {t(type!)} #{entry.target_id}
          </Link>
        ) : (
          <span>
            {type ? t(type) : entry.target_type} #{entry.target_id}
          </span>
        )}
      </p>
      {entry.note && <UserText as="p" className="moderation-log-item__note" text={entry.note} />}
    </li>
  );
}

function QueueView({ page }: { page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const statusId = useId();
  const sortId = useId();
  const status = pick(params.get('status'), MODERATION_QUEUE_FILTERS, 'open');
  const sort = pick(params.get('sort'), MODERATION_QUEUE_SORTS, 'newest');
  const hrefFor = (target: number, next: { status?: string; sort?: string } = {}) =>
    `?tab=moderation&status=${next.status ?? status}&sort=${next.sort ?? sort}&page=${target}`;
  const queue = useModerationQueue(page, status, sort);
  const data = queue.data;

  const pastTheEnd = !!data && !queue.isPlaceholderData && page > data.last_page;
  useEffect(() => {
    if (pastTheEnd) navigate(hrefFor(data.last_page), { replace: true });
  });

  return (
    <>
      <div className="moderation-filters">
        <div className="field moderation-filters__field">
          <label htmlFor={statusId} className="field__label">
            {t('moderation_filter')}
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => navigate(hrefFor(1, { status: event.target.value }))}
          >
            {MODERATION_QUEUE_FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(STATUS_LABEL[value])}
              </option>
            ))}
          </select>
        </div>
        <div className="field moderation-filters__field">
          <label htmlFor={sortId} className="field__label">
            {t('moderation_sort')}
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => navigate(hrefFor(1, { sort: event.target.value }))}
          >
            {MODERATION_QUEUE_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(SORT_LABEL[value])}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => queue.refetch()}
          disabled={queue.isFetching}
          aria-busy={queue.isFetching}
        >
          {t('admin_refresh')}
        </button>
      </div>
      <PagedList
        query={queue}
        empty={t('moderation_empty')}
        className="moderation-list"
        hrefFor={(target) => hrefFor(target)}
      >
        {(item) => <QueueItem key={`${item.type}-${item.id}`} item={item} />}
      </PagedList>
    </>
  );
}

function LogView({ page }: { page: number }) {
  const { t } = useTranslation();
  const log = useModerationLog(page);
  return (
    <PagedList
      query={log}
      empty={t('moderation_log_empty')}
      className="moderation-list"
      hrefFor={(target) => `?tab=moderation&view=log&page=${target}`}
    >
      {(entry) => <LogItem key={entry.id} entry={entry} />}
    </PagedList>
  );
}

/** The moderation tab: the queue, or the audit log (who, what, when, note). */
export function ModerationTab({ page }: { page: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const titleId = useId();
  const view = params.get('view') === 'log' ? 'log' : 'queue';
  return (
    <section className="catalog-section" aria-labelledby={titleId}>
      <div className="catalog-section__head">
        <h2 id={titleId} className="catalog-section__title">
          {view === 'log' ? t('moderation_log') : t('moderation_queue')}
        </h2>
        <div className="moderation-views">
          <Link
            to="?tab=moderation"
            className="button button--small button--secondary"
            aria-current={view === 'queue' ? 'page' : undefined}
          >
            {t('moderation_queue')}
          </Link>
          <Link
            to="?tab=moderation&view=log"
            className="button button--small button--secondary"
            aria-current={view === 'log' ? 'page' : undefined}
          >
            {t('moderation_log')}
          </Link>
        </div>
      </div>
      {view === 'log' ? <LogView page={page} /> : <QueueView page={page} />}
    </section>
  );
}

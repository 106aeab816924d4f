import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { ModerationAction } from '../../../../shared/domain/trust';
import type { ModerationItem } from '../../../../shared/schemas/trust';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useErrorText } from '../../../components/form-field';
import { RelativeTime } from '../../../components/relative-time';
import { UserText } from '../../../components/user-text';
import { formatDateTime } from '../../../lib/format';
import { formErrorsOf } from '../../../lib/form-errors';
import { isLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useBanUser } from '../api/ban-user';
import { useModerateItem } from '../api/moderate-item';
import './catalog-section.css';
import './moderation-tab.css';
import { ACTION_LABEL, actionsFor, FLAG_LABEL, STATUS_NOTE, TYPE_LABEL } from './moderation-labels';
import { BanDialog } from './moderation-ban-dialog';
import { ModerationNoteField } from './moderation-note-field';

export function QueueItem({ item }: { item: ModerationItem }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const [note, setNote] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [banning, setBanning] = useState<'ban' | 'unban' | null>(null);
  const moderate = useModerateItem();
  const ban = useBanUser();
  const errorText = useErrorText();
  // A failed action's first message (the server's `global` one).
  const messageOf = (error: unknown) =>
    errorText(formErrorsOf(error, []).general[0] ?? 'unknown_error');
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
        <ModerationNoteField
          className="moderation-item__note"
          label={t('moderation_note')}
          rows={2}
          value={note}
          onChange={setNote}
        />
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

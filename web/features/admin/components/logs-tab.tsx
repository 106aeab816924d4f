import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate } from 'react-router';
import { READ_MORE_LENGTH } from '../../../../shared/constants';
import { internationalPhone } from '../../../../shared/domain/phone';
import type { FrontendLog } from '../../../../shared/schemas/admin';
import { ChevronDownIcon } from '../../../components/icons';
import { RelativeTime } from '../../../components/relative-time';
import { UserText } from '../../../components/user-text';
import { formatDateTime } from '../../../lib/format';
import { isLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useFrontendLogs } from '../api/frontend-logs';
import { PagedList } from './list-states';
import './catalog-section.css';
import './logs-tab.css';

/** The log's text as the admin reads it: pretty-printed JSON, or the text itself. */
export function readLog(text: string): { body: string; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { body: text, message: text.slice(0, READ_MORE_LENGTH) };
  }
  const body = JSON.stringify(parsed, null, 2);
  const message =
    parsed &&
    typeof parsed === 'object' &&
    typeof (parsed as { message?: unknown }).message === 'string'
      ? (parsed as { message: string }).message
      : text;
  return { body, message: message.slice(0, READ_MORE_LENGTH) };
}

function LogItem({ log }: { log: FrontendLog }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const { body, message } = readLog(log.text);
  const user = log.user;
  return (
    <li className="log-item">
      <div className="log-item__head">
        <p className="log-item__who">
          {user ? (
            <>
              <Link to={paths.user(user.id)} className="log-item__user">
                <UserText text={`${user.first_name} ${user.last_name}`} />
              </Link>
              <a
                href={`tel:${internationalPhone(user.phone_1)}`}
                className="log-item__phone"
                dir="ltr"
              >
                {user.phone_1}
              </a>
            </>
          ) : (
            <span className="log-item__anonymous">{t('anonymous')}</span>
          )}
        </p>
        <p className="log-item__date">
          <span>{formatDateTime(log.creation_date, language)}</span>
          <span aria-hidden="true"> · </span>
          <RelativeTime date={log.creation_date} />
        </p>
      </div>
      <UserText as="p" className="log-item__message" text={message} />
      <button
        type="button"
        className="link-button log-item__toggle"
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <ChevronDownIcon size={16} className="log-item__chevron" />
        {open ? t('hide_log') : t('show_log')}
      </button>
      {/* As text, never as HTML: a log holds whatever a browser sent. */}
      {open && (
        <pre id={bodyId} className="log-item__body" dir="ltr" tabIndex={0}>
          {body}
        </pre>
      )}
    </li>
  );
}

interface LogsTabProps {
  page: number;
  hrefFor: (page: number) => string;
}

/** SPEC §2 "Frontend logs list": user name and phone if present, date, collapsible body, pages. */
export function LogsTab({ page, hrefFor }: LogsTabProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const logs = useFrontendLogs(page);
  const data = logs.data;

  const pastTheEnd = !!data && !logs.isPlaceholderData && page > data.last_page;
  useEffect(() => {
    if (pastTheEnd) navigate(hrefFor(data.last_page), { replace: true });
  }, [pastTheEnd, data, hrefFor, navigate]);

  return (
    <section className="catalog-section" aria-labelledby={titleId}>
      <div className="catalog-section__head">
        <h2 id={titleId} className="catalog-section__title">
          {t('frontend_logs')}
          {!!data?.total && (
            <span className="catalog-section__count">{t('logs_total', { count: data.total })}</span>
          )}
        </h2>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => logs.refetch()}
          disabled={logs.isFetching}
          aria-busy={logs.isFetching}
        >
          {t('admin_refresh')}
        </button>
      </div>
      <p className="admin-section-intro">{t('logs_intro')}</p>
      <PagedList query={logs} empty={t('no_logs')} className="log-list" hrefFor={hrefFor}>
        {(log) => <LogItem key={log.id} log={log} />}
      </PagedList>
    </section>
  );
}

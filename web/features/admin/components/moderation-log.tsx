import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { ModerationLogEntry } from '../../../../shared/schemas/trust';
import { UserText } from '../../../components/user-text';
import { formatDateTime } from '../../../lib/format';
import { isLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useModerationLog } from '../api/moderation-log';
import { PagedList } from './list-states';
import './moderation-tab.css';
import { LOGGED_LABEL, TYPE_LABEL } from './moderation-labels';

function LogItem({ entry }: { entry: ModerationLogEntry }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const label = LOGGED_LABEL[entry.action];
  const type = (TYPE_LABEL as Record<string, string | undefined>)[entry.target_type];
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

export function LogView({ page }: { page: number }) {
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

import { useEffect, useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { AUDIT_ACTIONS } from '../../../../shared/domain/audit';
import type { AuditEntry } from '../../../../shared/schemas/audit';
import { UserText } from '../../../components/user-text';
import { formatDateTime } from '../../../lib/format';
import { isLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { auditSearch, useAudit, type AuditFilters } from '../api/audit';
import { auditFieldLabel, auditValueKey } from '../audit-field-labels';
import { PagedList } from './list-states';
import { pick } from './moderation-labels';
import './catalog-section.css';
import './moderation-tab.css';
import './audit-tab.css';

// Issue 34 item 4: the audit trail of staff actions, for site admins. Action, actor and page live
// in the address (?tab=audit&action=user.ban&actor_id=12&page=2); an actor's name filters by them.

/** The dictionary key of an action or a target type (keys have no dots). */
export const auditLabel = (kind: 'action' | 'target', value: string) =>
  `audit_${kind}_${value.replace('.', '_')}`;

const hrefOf = (filters: AuditFilters) => `?tab=audit&${auditSearch(filters)}`;

/** A time as the API writes it (banned_at…). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * One value of a snapshot: named in the page's language where the forms name it (yes, a role, a
 * state…), a time as a date; otherwise as stored, as text, never as HTML.
 */
function Value({ field, value, action }: { field: string; value: unknown; action: string }) {
  const { t, i18n } = useTranslation();
  const key = auditValueKey(field, value, action);
  if (key) return <>{t(key)}</>;
  if (value === null || value === undefined) return <>—</>;
  if (typeof value === 'string' && ISO_TIME.test(value)) {
    return <>{formatDateTime(value, isLanguage(i18n.language) ? i18n.language : 'ar')}</>;
  }
  return <UserText text={typeof value === 'string' ? value : JSON.stringify(value)} />;
}

/** A field's label in the page's language; a field no label names shows its column name. */
function FieldLabel({ field }: { field: string }) {
  const { t } = useTranslation();
  const label = auditFieldLabel(field);
  if (label) return <dt>{t(label)}</dt>;
  return (
    <dt dir="ltr" className="audit-changes__column">
      {field}
    </dt>
  );
}

/** before → after, field by field (a creation has only after, a deletion only before). */
function Changes({ entry }: { entry: AuditEntry }) {
  const keys = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  if (!keys.length) return null;
  return (
    <dl className="audit-changes">
      {keys.map((key) => (
        <div key={key} className="audit-changes__row">
          <FieldLabel field={key} />
          <dd>
            {entry.before && (
              <del className="audit-changes__before">
                <Value field={key} value={entry.before[key]} action={entry.action} />
              </del>
            )}
            {entry.before && entry.after && (
              <span className="audit-changes__arrow" aria-hidden="true">
                →
              </span>
            )}
            {entry.after && (
              <ins className="audit-changes__after">
                <Value field={key} value={entry.after[key]} action={entry.action} />
              </ins>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function EntryItem({ entry, filters }: { entry: AuditEntry; filters: AuditFilters }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const actor = entry.actor;
  const target = `${t(auditLabel('target', entry.target_type))} #${entry.target_id}`;
  return (
    <li className="audit-item">
      <p className="audit-item__head">
        {actor ? (
          <Link
            to={hrefOf({ ...filters, page: 1, actorId: actor.id })}
            className="audit-item__actor"
            title={t('audit_only_actor')}
          >
            {actor.deleted ? (
              t('audit_deleted_account', { id: actor.id })
            ) : (
              <UserText text={`${actor.first_name} ${actor.last_name}`} />
            )}
          </Link>
        ) : (
          <span className="audit-item__actor">{t('audit_command_line')}</span>
        )}
        <time className="audit-item__date" dateTime={entry.created_at}>
          {formatDateTime(entry.created_at, language)}
        </time>
      </p>
      <p>
        <strong>{t(auditLabel('action', entry.action))}</strong>
        <span aria-hidden="true"> · </span>
        {entry.target_type === 'user' || entry.target_type === 'shop' ? (
          <Link
            to={
              entry.target_type === 'user'
                ? paths.user(entry.target_id)
                : paths.shop(entry.target_id)
            }
          >
            {target}
          </Link>
        ) : (
          <span>{target}</span>
        )}
      </p>
      <Changes entry={entry} />
    </li>
  );
}

export function AuditTab({ page }: { page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const titleId = useId();
  const actionId = useId();
  const actorId = Number(params.get('actor_id')) || null;
  const filters: AuditFilters = {
    page,
    action: pick(params.get('action'), ['', ...AUDIT_ACTIONS], ''),
    actorId: actorId && Number.isInteger(actorId) && actorId > 0 ? actorId : null,
  };
  const audit = useAudit(filters);
  const data = audit.data;

  const pastTheEnd = !!data && !audit.isPlaceholderData && page > data.last_page;
  useEffect(() => {
    if (pastTheEnd) navigate(hrefOf({ ...filters, page: data.last_page }), { replace: true });
  });

  return (
    <section className="catalog-section" aria-labelledby={titleId}>
      <div className="catalog-section__head">
        <h2 id={titleId} className="catalog-section__title">
          {t('audit_title')}
          {!!data?.total && (
            <span className="catalog-section__count">
              {t('audit_total', { count: data.total })}
            </span>
          )}
        </h2>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => audit.refetch()}
          disabled={audit.isFetching}
          aria-busy={audit.isFetching}
        >
          {t('admin_refresh')}
        </button>
      </div>
      <p className="admin-section-intro">{t('audit_intro')}</p>
      <div className="moderation-filters audit-filters">
        <div className="field moderation-filters__field">
          <label htmlFor={actionId} className="field__label">
            {t('audit_filter_action')}
          </label>
          <select
            id={actionId}
            value={filters.action}
            onChange={(event) =>
              navigate(hrefOf({ ...filters, page: 1, action: event.target.value }))
            }
          >
            <option value="">{t('audit_filter_all')}</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(auditLabel('action', value))}
              </option>
            ))}
          </select>
        </div>
        {filters.actorId && (
          <p className="audit-actor-filter" role="status">
            <span>{t('audit_filtered_actor', { id: filters.actorId })}</span>
            <Link
              to={hrefOf({ ...filters, page: 1, actorId: null })}
              className="button button--small button--secondary"
            >
              {t('audit_every_actor')}
            </Link>
          </p>
        )}
      </div>
      <PagedList
        query={audit}
        empty={t('audit_empty')}
        className="moderation-list"
        hrefFor={(target) => hrefOf({ ...filters, page: target })}
      >
        {(entry) => <EntryItem key={entry.id} entry={entry} filters={filters} />}
      </PagedList>
    </section>
  );
}

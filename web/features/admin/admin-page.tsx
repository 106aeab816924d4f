import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { can } from '../../../shared/domain/permissions';
import { ShieldIcon } from '../../components/page-icons';
import { Loader } from '../../components/loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';
import { CategoriesTab } from './components/categories-tab';
import { ListError } from './components/list-states';
import { LogsTab } from './components/logs-tab';
import { ModerationTab } from './components/moderation-tab';
import { AuditTab } from './components/audit-tab';
import './admin-page.css';
import { Redirect } from '../../components/redirect';

// SPEC §2 "Admin page": two tabs, categories and frontend logs, for site admins and moderators
// (shared/domain/permissions.ts), and issue 19's moderation tab (queue and audit log). Anyone
// else is sent away: a visitor to sign in, a user home.
// The tab and the page live in the address (?tab=logs&page=2), so back and reload keep them.
// Issue 34 item 4 adds the audit trail's tab, for site admins only.

const TABS = ['categories', 'logs', 'moderation', 'audit'] as const;
type Tab = (typeof TABS)[number];

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function AdminPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('admin_title'));
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({
    categories: null,
    logs: null,
    moderation: null,
    audit: null,
  });
  const page = pageOf(params.get('page'));
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'categories';

  // A new page of a list starts at its top.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else window.scrollTo(0, 0);
  }, [page]);

  if (me.isPending) return <Loader block />;
  if (me.isError) {
    return (
      <div className="container">
        <ListError onRetry={() => me.refetch()} />
      </div>
    );
  }
  if (!me.data) {
    return <Redirect to={`${paths.signIn}?next=${encodeURIComponent(paths.admin)}`} />;
  }
  if (!can.manageCatalog(me.data)) return <Redirect to={paths.home} />;

  const canReadLogs = can.readFrontendLogs(me.data);
  const canModerate = can.moderate(me.data);
  const available = TABS.filter(
    (name) =>
      name === 'categories' ||
      (name === 'logs' && canReadLogs) ||
      (name === 'moderation' && canModerate) ||
      (name === 'audit' && can.readAudit(me.data)),
  );
  const current = available.includes(tab) ? tab : 'categories';
  const hrefFor = (target: number) =>
    current === 'logs' ? `?tab=logs&page=${target}` : `?page=${target}`;

  const select = (name: Tab) => {
    setParams(name === 'categories' ? {} : { tab: name });
    tabs.current[name]?.focus();
  };

  // WAI-ARIA tabs: arrows move along the row (mirrored in right-to-left pages), Home and End jump.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = available.indexOf(current);
    const forward = i18n.dir() === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = i18n.dir() === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const next =
      event.key === forward
        ? (index + 1) % available.length
        : event.key === backward
          ? (index - 1 + available.length) % available.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? available.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    select(available[next]);
  };

  const label: Record<Tab, string> = {
    categories: t('admin_tab_categories'),
    logs: t('admin_tab_logs'),
    moderation: t('admin_tab_moderation'),
    audit: t('admin_tab_audit'),
  };

  return (
    <div className="container admin-page">
      <header className="admin-page__header">
        <span className="admin-page__icon">
          <ShieldIcon size={26} />
        </span>
        <div>
          <h1 className="admin-page__title">{t('admin_title')}</h1>
          <p className="admin-page__intro">{t('admin_intro')}</p>
        </div>
      </header>
      <div
        className="admin-tabs"
        role="tablist"
        aria-label={t('admin_title')}
        onKeyDown={onKeyDown}
      >
        {available.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${name}`}
            aria-selected={current === name}
            aria-controls={current === name ? `admin-panel-${name}` : undefined}
            tabIndex={current === name ? 0 : -1}
            className="admin-tabs__tab"
            onClick={() => select(name)}
          >
            {label[name]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`admin-panel-${current}`}
        aria-labelledby={`admin-tab-${current}`}
        className="admin-page__panel"
      >
        {current === 'audit' ? (
          <AuditTab page={page} />
        ) : current === 'moderation' ? (
          <ModerationTab page={page} />
        ) : current === 'logs' ? (
          <LogsTab page={page} hrefFor={hrefFor} />
        ) : (
          <CategoriesTab page={page} hrefFor={hrefFor} />
        )}
      </div>
    </div>
  );
}

export { AdminPage as Component };

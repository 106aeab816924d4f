import { useEffect, useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MODERATION_QUEUE_FILTERS, MODERATION_QUEUE_SORTS } from '../../../../shared/domain/trust';
import { useModerationQueue } from '../api/moderation-queue';
import { PagedList } from './list-states';
import './catalog-section.css';
import './moderation-tab.css';
import { pick, SORT_LABEL, STATUS_LABEL } from './moderation-labels';
import { QueueItem } from './moderation-queue-item';
import { LogView } from './moderation-log';

// Issue 19 (docs/trust.md): the moderation queue (reported, held and flagged items with their
// reports) and the audit log, for site admins and moderators. Filter, sort, view and page live in
// the address (?tab=moderation&status=review&sort=most_reported&page=2, ?tab=moderation&view=log).

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

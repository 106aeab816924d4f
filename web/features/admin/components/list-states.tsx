import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PAGINATION_WINDOW_LISTS } from '../../../../shared/constants';
import type { Pagination as Page } from '../../../../shared/schemas/common';
import { EmptyState } from '../../../components/empty-state';
import { EndOfList } from '../../../components/end-of-list';
import { AlertIcon } from '../../../components/icons';
import { Loader } from '../../../components/loader';
import { Pagination } from '../../../components/pagination';
import './list-states.css';

/** A list that failed to load: say so, and offer to try again. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert--error admin-list-error" role="alert">
      <AlertIcon className="alert__icon" />
      <div>
        <p>{t('admin_load_error')}</p>
        <button type="button" className="link-button" onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    </div>
  );
}

/** An empty nested list: one quiet line, not a full empty state. */
export function EmptyLine({ text }: { text: string }) {
  return (
    <p className="admin-empty-line" role="status">
      {text}
    </p>
  );
}

interface PagedListProps<T> {
  query: UseQueryResult<Page<T>>;
  /** The empty state's title. */
  empty: string;
  /** The class of the `ul`. */
  className: string;
  hrefFor: (page: number) => string;
  /** One `li` of the list. */
  children: (item: T) => ReactNode;
}

/** A paginated admin list with its states: loading, failure, empty, pages and the end. */
export function PagedList<T>({ query, empty, className, hrefFor, children }: PagedListProps<T>) {
  if (query.isPending) return <Loader block />;
  if (query.isError) return <ListError onRetry={() => query.refetch()} />;
  const page = query.data;
  if (page.data.length === 0) return <EmptyState title={empty} />;
  return (
    <div aria-busy={query.isPlaceholderData}>
      <ul className={className}>{page.data.map(children)}</ul>
      <Pagination
        currentPage={page.current_page}
        lastPage={page.last_page}
        radius={PAGINATION_WINDOW_LISTS}
        hrefFor={hrefFor}
      />
      {page.current_page === page.last_page && <EndOfList />}
    </div>
  );
}

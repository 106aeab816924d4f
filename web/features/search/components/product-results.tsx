import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { PAGINATION_WINDOW_LISTS } from '../../../../shared/constants';
import type { Pagination as Page } from '../../../../shared/schemas/common';
import type { ProductCard } from '../../../../shared/schemas/products';
import { EmptyState } from '../../../components/empty-state';
import { EndOfList } from '../../../components/end-of-list';
import { AlertIcon } from '../../../components/icons';
import { Loader } from '../../../components/loader';
import { Pagination } from '../../../components/pagination';
import { useErrorText } from '../../../components/form-field';
import { HttpError } from '../../../lib/http';
import { useOfferModal } from '../use-offer-modal';
import { useScrollOnQueryChange } from '../use-scroll-on-change';
import { ResultCard } from './result-card';
import { CardIslands, type SaveState } from '../../products';
import './product-results.css';

type Item = ProductCard & { distance_km?: number | null };

/** The first images of a page are on the first screen: they load at once, the rest lazily. */
const EAGER_CARDS = 4;

interface ProductResultsProps {
  query: UseQueryResult<Page<Item>>;
  /** Link of each page (the page lives in the URL). */
  hrefFor: (page: number) => string;
  empty: ReactNode;
  /** Show each product's distance (a search by distance). */
  showDistance?: boolean;
  /** Above the list once it is there (a results count…). */
  header?: (page: Page<Item>) => ReactNode;
  /** A card's save button answered (the saved list drops what is no longer saved). */
  onSaveChange?: (product: Item, state: SaveState) => void;
  /** Errors the caller shows elsewhere (under the search panel's fields) are not repeated. */
  hideError?: (error: unknown) => boolean;
  /** The cards' buttons are islands: the page's first view hydrates only them (web/islands.tsx). */
  cardIslands?: boolean;
}

/** A paginated list of products with its states: loading, failure, empty, the end. */
export function ProductResults(props: ProductResultsProps) {
  const top = useRef<HTMLDivElement>(null);
  useScrollOnQueryChange(top);
  // SPEC §2: a card opens the offer details modal. What was done inside (a save removed, a
  // reaction) shows in the list once it closes: the page is read again.
  const details = useOfferModal();
  const open = details.isOpen;
  const wasOpen = useRef(false);
  const { refetch } = props.query;
  useEffect(() => {
    if (wasOpen.current && !open) void refetch();
    wasOpen.current = open;
  }, [open, refetch]);
  return (
    <div ref={top} className="product-results" aria-busy={props.query.isFetching}>
      <CardIslands.Provider value={props.cardIslands ?? false}>
        <ResultsContent {...props} onOpen={details.open} />
      </CardIslands.Provider>
      {details.modal}
    </div>
  );
}

function ResultsContent({
  query,
  hrefFor,
  empty,
  showDistance = false,
  header,
  onSaveChange,
  hideError,
  onOpen,
}: ProductResultsProps & { onOpen: (product: ProductCard) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const page = query.data;

  if (query.isError && !(hideError?.(query.error) ?? false)) {
    const key =
      query.error instanceof HttpError
        ? (Object.values(query.error.errors)[0]?.[0] ?? 'unknown_error')
        : 'unknown_error';
    return (
      <EmptyState
        icon={<AlertIcon size={32} />}
        title={errorText(key)}
        action={
          <button
            type="button"
            className="button button--secondary"
            onClick={() => query.refetch()}
          >
            {t('retry')}
          </button>
        }
      />
    );
  }
  if (query.isError) return null;
  if (!page) return <Loader block />;
  if (page.data.length === 0 && page.current_page > 1) {
    // A page past the end (an old link): the list is not empty, this page is.
    return (
      <EmptyState
        title={t('page_past_end')}
        action={
          <Link to={hrefFor(1)} className="button button--secondary">
            {t('results_first_page')}
          </Link>
        }
      />
    );
  }
  if (page.data.length === 0) return <>{empty}</>;

  return (
    <>
      {header?.(page)}
      <ul className="product-grid">
        {page.data.map((product, index) => (
          <li key={product.id} className="product-grid__item">
            <ResultCard
              product={product}
              distanceKm={showDistance ? (product.distance_km ?? null) : undefined}
              eager={index < EAGER_CARDS}
              onSaveChange={onSaveChange && ((state) => onSaveChange(product, state))}
              onOpen={onOpen}
            />
          </li>
        ))}
      </ul>
      {page.current_page >= page.last_page && <EndOfList />}
      <Pagination
        currentPage={page.current_page}
        lastPage={page.last_page}
        radius={PAGINATION_WINDOW_LISTS}
        hrefFor={hrefFor}
      />
    </>
  );
}

import type { ComponentProps, ReactNode } from 'react';
import type { ProductType } from '../../../../shared/schemas/products';
import { EmptyState } from '../../../components/empty-state';
import { listHref } from '../list-params';
import { ProductResults } from './product-results';
import { ResultsCount } from './results-count';
import { TypeSwitch } from './type-switch';
import '../search-page.css';

interface TypedResultsProps {
  /** The page's own path: the type and the page go in its query. */
  here: string;
  type: ProductType;
  query: ComponentProps<typeof ProductResults>['query'];
  /** Beside the offers/demands switch (a link to the advanced search). */
  action?: ReactNode;
  emptyIcon: ReactNode;
  emptyTitle: string;
}

/** The lists of the market and catalogue pages: the offers/demands switch, the count, the pages. */
export function TypedResults({
  here,
  type,
  query,
  action,
  emptyIcon,
  emptyTitle,
}: TypedResultsProps) {
  return (
    <>
      <div className="results__header">
        <TypeSwitch current={type} hrefFor={(next) => listHref(here, { type: next, page: 1 })} />
        {action}
      </div>
      <ProductResults
        query={query}
        hrefFor={(next) => listHref(here, { type, page: next })}
        header={(data) => (
          <p className="results__summary">
            <ResultsCount total={data.total} />
          </p>
        )}
        empty={<EmptyState icon={emptyIcon} title={emptyTitle} />}
      />
    </>
  );
}

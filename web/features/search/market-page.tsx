import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { StoreIcon } from '../../components/icons';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useProductSearch } from './api/search';
import { TypedResults } from './components/typed-results';
import { readListParams } from './list-params';
import './category-page.css';
import './market-page.css';
import type { PrefetchContext } from '../../lib/prefetch';
import { searchQuery } from './api/search';

/** /market: every offer, or every demand, newest first (the search with no criteria). */
export function MarketPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('market_title'));
  const [params] = useSearchParams();
  const { type, page } = readListParams(params);
  const body = useMemo(() => ({ type, page }), [type, page]);
  const results = useProductSearch('all', 0, body);

  return (
    <div className="container">
      <header className="page-header">
        <h1 className="page-header__title">{t('market_title')}</h1>
        <p className="page-header__intro">{t('market_intro')}</p>
      </header>
      <TypedResults
        here={paths.market}
        type={type}
        query={results}
        emptyIcon={<StoreIcon size={32} />}
        emptyTitle={t(type === 'offer' ? 'no_offers' : 'no_demands')}
      />
    </div>
  );
}

/** Server rendering: the page of offers or demands in the address. */
export async function prefetch({ searchParams, client }: PrefetchContext) {
  const { type, page } = readListParams(searchParams);
  await client.prefetchQuery(searchQuery('all', 0, { type, page }));
}

export { MarketPage as Component };

import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { SearchIcon } from '../../components/icons';
import { HttpError } from '../../lib/http';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useProductSearch } from './api/search';
import { InterpretedNote } from './components/interpreted-note';
import { ProductResults } from './components/product-results';
import { ResultsCount } from './components/results-count';
import { SearchBox } from './components/search-box';
import { SearchPanel } from './components/search-panel';
import { TypeSwitch } from './components/type-switch';
import { readSearch, searchQuery, toSearchBody, withType, type SearchState } from './search-state';
import { useGeolocation } from './use-geolocation';
import './category-page.css';
import './components/results-count.css';
import './search-page.css';
import { SaveSearchButton } from './components/save-search-button';
import type { PrefetchContext } from '../../lib/prefetch';
import { pcategoriesQuery, pfieldsQuery, psubcategoriesQuery } from '../../lib/catalog';
import { searchQuery as productSearchQuery } from './api/search';

const isBadInput = (error: unknown) => error instanceof HttpError && error.status === 422;

/** /search: the panel and its paginated results, all of it in the URL. */
export function SearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('search_title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = useMemo(() => readSearch(params), [params]);
  const body = useMemo(() => toSearchBody(search), [search]);
  const results = useProductSearch('all', 0, body);
  // SPEC §4: asked for when the advanced search is used (here: opened in an advanced mode), not
  // when it is around a chosen town (issue 20).
  const geolocation = useGeolocation(search.mode !== 'normal' && search.town === '');
  const byDistance = body.distance !== undefined;

  const href = (state: SearchState) => paths.search + searchQuery(state);
  const serverErrors = isBadInput(results.error) ? (results.error as HttpError).errors : undefined;

  return (
    <div className="container search-page">
      <header className="page-header">
        <h1 className="page-header__title">{t('search_title')}</h1>
      </header>
      {/* Keyed by the search (not its page): back and forward show the search they reach. */}
      <SearchBox key={searchQuery({ ...search, page: 1 })} search={search}>
        <SearchPanel
          initial={search}
          onSearch={(next) => navigate(href(next))}
          serverErrors={serverErrors}
          geolocation={geolocation}
          autoFocus={search.name === '' && search.mode === 'normal'}
        />
      </SearchBox>
      <SaveSearchButton
        // Its own key: siblings with one key are duplicated by React when the key changes.
        key={`save:${searchQuery({ ...search, page: 1 })}`}
        query={toSearchBody({ ...search, page: 1 })}
        defaultName={search.name}
      />
      <section className="results" aria-labelledby="search-results-title">
        <div className="results__header">
          {/* Takes the focus after a search (use-scroll-on-change.ts): read out, then the list. */}
          <h2 id="search-results-title" className="results__title" tabIndex={-1}>
            {t('search_results')}
          </h2>
          <TypeSwitch current={search.type} hrefFor={(type) => href(withType(search, type))} />
        </div>
        <ProductResults
          query={results}
          hrefFor={(page) => href({ ...search, page })}
          showDistance={byDistance}
          hideError={isBadInput}
          cardIslands
          header={(page) => (
            <>
              <InterpretedNote
                interpreted={results.data?.interpreted}
                typed={search.name}
                exactHref={href({ ...search, exact: true, page: 1 })}
              />
              <p className="results__summary">
                <ResultsCount total={page.total} />
                <span className="results__order">
                  {search.sort && search.sort !== 'newest'
                    ? t(`sort_${search.sort}`)
                    : t(byDistance ? 'nearest_first' : 'newest_first')}
                </span>
              </p>
            </>
          )}
          empty={
            <EmptyState
              icon={<SearchIcon size={32} />}
              title={t('no_results')}
              text={t('no_results_hint')}
            />
          }
        />
      </section>
    </div>
  );
}

/** Server rendering: the results of the search in the address (not one around the visitor). */
export async function prefetch({ searchParams, client }: PrefetchContext) {
  const search = readSearch(searchParams);
  const body = toSearchBody(search);
  const subcategory = search.mode === 'so_advanced' ? Number(search.psubcategory_id) : 0;
  await Promise.all([
    // The panel's category list, the chosen category's subcategories and, in the 'so advanced'
    // mode, the subcategory's fields: the panel is whole without the app (its first view runs
    // only the cards' islands, web/islands.tsx).
    client.prefetchQuery(pcategoriesQuery),
    search.pcategory_id ? client.prefetchQuery(psubcategoriesQuery(+search.pcategory_id)) : null,
    subcategory ? client.prefetchQuery(pfieldsQuery(subcategory)) : null,
    body.distance === undefined ? client.prefetchQuery(productSearchQuery('all', 0, body)) : null,
  ]);
}

export { SearchPage as Component };

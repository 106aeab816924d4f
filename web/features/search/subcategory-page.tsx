import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { ArrowStartIcon, TagIcon } from '../../components/page-icons';
import { Loader } from '../../components/loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePcategories, usePsubcategories } from '../../lib/catalog';
import { useProductSearch } from './api/search';
import { useCatalogLabels } from '../../lib/catalog-labels';
import { CatalogNotFound } from './components/catalog-not-found';
import { TypedResults } from './components/typed-results';
import { readListParams } from './list-params';
import './category-page.css';
import './subcategory-page.css';
import { pageNotFound, type PrefetchContext } from '../../lib/prefetch';
import { pcategoriesQuery, psubcategoriesQuery } from '../../lib/catalog';
import { searchQuery } from './api/search';

/**
 * /categories/:id/subcategories/:subcategoryId: a subcategory's offers or demands (the search
 * with source psubcategory). The category is in the path: its list of subcategories names this one.
 */
export function SubcategoryPage() {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const routeParams = useParams();
  const categoryId = Number(routeParams.id);
  const id = Number(routeParams.subcategoryId);
  const [params] = useSearchParams();
  const { type, page } = readListParams(params);
  const categories = usePcategories();
  const category = categories.data?.find((c) => c.id === categoryId);
  const subcategories = usePsubcategories(category ? categoryId : null);
  const subcategory = subcategories.data?.find((s) => s.id === id);
  const body = useMemo(() => ({ type, page }), [type, page]);
  const results = useProductSearch('psubcategory', id, body, { enabled: !!subcategory });
  const title = subcategory ? labels.name(subcategory) : '';
  useDocumentTitle(title || undefined);

  if (categories.isPending || (category && subcategories.isPending)) return <Loader block />;
  if (!category || !subcategory) {
    return <CatalogNotFound failed={categories.isError || subcategories.isError} />;
  }
  const here = paths.subcategory(categoryId, id);

  return (
    <div className="container">
      <header className="page-header">
        <Link to={paths.category(categoryId)} className="page-header__back">
          <ArrowStartIcon size={16} />
          {labels.name(category)}
        </Link>
        <h1 className="page-header__title">{title}</h1>
      </header>
      <TypedResults
        here={here}
        type={type}
        query={results}
        action={
          <Link
            to={`${paths.search}?mode=so_advanced&pcategory_id=${categoryId}&psubcategory_id=${id}${type === 'demand' ? '&type=demand' : ''}`}
            className="button button--ghost"
          >
            <SearchIcon size={18} />
            {t('search_in_subcategory')}
          </Link>
        }
        emptyIcon={<TagIcon size={32} />}
        emptyTitle={t(type === 'offer' ? 'no_offers_in_category' : 'no_demands_in_category')}
      />
    </div>
  );
}

/** Server rendering: the category and subcategory (a 404 if either is not there), the list. */
export async function prefetch({ params, searchParams, client }: PrefetchContext) {
  const categoryId = Number(params.id);
  const id = Number(params.subcategoryId);
  const categories = await client.fetchQuery(pcategoriesQuery);
  if (!categories.some((c) => c.id === categoryId)) pageNotFound();
  const subcategories = await client.fetchQuery(psubcategoriesQuery(categoryId));
  if (!subcategories.some((s) => s.id === id)) pageNotFound();
  const { type, page } = readListParams(searchParams);
  await client.prefetchQuery(searchQuery('psubcategory', id, { type, page }));
}

export { SubcategoryPage as Component };

import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { TagIcon } from '../../components/page-icons';
import { Loader } from '../../components/loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePcategories, usePsubcategories } from '../../lib/catalog';
import { useProductSearch } from './api/search';
import { useCatalogLabels } from '../../lib/catalog-labels';
import { CatalogNotFound } from './components/catalog-not-found';
import { SubcategoryChips } from './components/subcategory-chips';
import { TypedResults } from './components/typed-results';
import { readListParams } from './list-params';
import './category-page.css';
import { pageNotFound, type PrefetchContext } from '../../lib/prefetch';
import { pcategoriesQuery, psubcategoriesQuery } from '../../lib/catalog';
import { searchQuery } from './api/search';

/** /categories/:id: a category's offers or demands (a search by pcategory_id), its subcategories. */
export function CategoryPage() {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const { type, page } = readListParams(params);
  const categories = usePcategories();
  const category = categories.data?.find((c) => c.id === id);
  const subcategories = usePsubcategories(category ? id : null);
  const body = useMemo(() => ({ type, page, pcategory_id: id }), [type, page, id]);
  const results = useProductSearch('all', 0, body, { enabled: !!category });
  const title = category ? labels.name(category) : '';
  useDocumentTitle(title || undefined);

  if (categories.isPending) return <Loader block />;
  if (!category) return <CatalogNotFound failed={categories.isError} />;
  const here = paths.category(id);

  return (
    <div className="container">
      <header className="page-header">
        <p className="page-header__eyebrow">{t('category')}</p>
        <h1 className="page-header__title">{title}</h1>
      </header>
      {subcategories.data && subcategories.data.length > 0 && (
        <SubcategoryChips categoryId={id} subcategories={subcategories.data} />
      )}
      <TypedResults
        here={here}
        type={type}
        query={results}
        action={
          <Link
            to={`${paths.search}?mode=advanced&pcategory_id=${id}${type === 'demand' ? '&type=demand' : ''}`}
            className="button button--ghost"
          >
            <SearchIcon size={18} />
            {t('search_in_category')}
          </Link>
        }
        emptyIcon={<TagIcon size={32} />}
        emptyTitle={t(type === 'offer' ? 'no_offers_in_category' : 'no_demands_in_category')}
      />
    </div>
  );
}

/** Server rendering: the category (a 404 if there is none), its subcategories, its list. */
export async function prefetch({ params, searchParams, client }: PrefetchContext) {
  const id = Number(params.id);
  const categories = await client.fetchQuery(pcategoriesQuery);
  if (!categories.some((c) => c.id === id)) pageNotFound();
  const { type, page } = readListParams(searchParams);
  await Promise.all([
    client.prefetchQuery(psubcategoriesQuery(id)),
    client.prefetchQuery(searchQuery('all', 0, { type, page, pcategory_id: id })),
  ]);
}

export { CategoryPage as Component };

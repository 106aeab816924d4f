import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAGINATION_WINDOW_LISTS } from '../../../../shared/constants';
import type { Pcategory } from '../../../../shared/schemas/catalog';
import { EmptyState } from '../../../components/empty-state';
import { EndOfList } from '../../../components/end-of-list';
import { Loader } from '../../../components/loader';
import { Pagination } from '../../../components/pagination';
import { useDeletePcategory, usePcategoryPage } from '../api/catalog';
import { useCatalogLabel } from '../catalog-label';
import { CatalogItem } from './catalog-item';
import { CatalogName } from './catalog-name';
import { CatalogSection } from './catalog-section';
import { CategoryForm } from './category-form';
import { ListError } from './list-states';
import { SubcategoryList } from './subcategory-list';

function CategoryItem({ category }: { category: Pcategory }) {
  const { t } = useTranslation();
  const labelOf = useCatalogLabel();
  const deletion = useDeletePcategory(category.id);
  return (
    <CatalogItem
      level="category"
      title={<CatalogName item={category} />}
      label={labelOf(category)}
      meta={
        <ul className="admin-tags">
          <li className="admin-tag">{t('order_n', { order: category.order_number })}</li>
        </ul>
      }
      editLabel={t('edit_category')}
      deleteLabel={t('delete_category')}
      deletion={deletion}
      renderEdit={(close) => <CategoryForm category={category} onDone={close} onCancel={close} />}
      renderChildren={() => <SubcategoryList pcategoryId={category.id} />}
    />
  );
}

interface CategoriesTabProps {
  page: number;
  hrefFor: (page: number) => string;
}

/** SPEC §2 "Category admin": the paginated list, the add form, edit and delete per category. */
export function CategoriesTab({ page, hrefFor }: CategoriesTabProps) {
  const { t } = useTranslation();
  const labelOf = useCatalogLabel();
  const navigate = useNavigate();
  const categories = usePcategoryPage(page);
  const data = categories.data;

  // A page past the end (its last category was just deleted, or an old link): go to the last one.
  const pastTheEnd = !!data && !categories.isPlaceholderData && page > data.last_page;
  useEffect(() => {
    if (pastTheEnd) navigate(hrefFor(data.last_page), { replace: true });
  }, [pastTheEnd, data, hrefFor, navigate]);

  return (
    <CatalogSection
      level="category"
      title={t('categories')}
      count={data?.total ? t('categories_total', { count: data.total }) : undefined}
      addLabel={t('add_category')}
      renderAddForm={(done, cancel) => (
        <CategoryForm
          onDone={(saved) => done(t('category_added', { name: labelOf(saved) }))}
          onCancel={cancel}
        />
      )}
    >
      {categories.isPending ? (
        <Loader block />
      ) : categories.isError ? (
        <ListError onRetry={() => categories.refetch()} />
      ) : data!.data.length === 0 ? (
        <EmptyState title={t('no_categories')} />
      ) : (
        <div aria-busy={categories.isPlaceholderData}>
          <ul className="catalog-list catalog-list--categories">
            {data!.data.map((category) => (
              <CategoryItem key={category.id} category={category} />
            ))}
          </ul>
          <Pagination
            currentPage={data!.current_page}
            lastPage={data!.last_page}
            radius={PAGINATION_WINDOW_LISTS}
            hrefFor={hrefFor}
          />
          {data!.current_page === data!.last_page && <EndOfList />}
        </div>
      )}
    </CatalogSection>
  );
}

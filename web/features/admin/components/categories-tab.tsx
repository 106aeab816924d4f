import { useEffect } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import type { Pcategory } from '../../../../shared/schemas/catalog';
import { useDeletePcategory } from '../api/delete-pcategory';
import { usePcategoryPage } from '../api/pcategory-page';
import { isolate, useCatalogLabel } from '../catalog-label';
import { CatalogItem } from './catalog-item';
import { CatalogName } from './catalog-name';
import { CatalogSection } from './catalog-section';
import { CategoryForm } from './category-form';
import { PagedList } from './list-states';
import { SubcategoryList } from './subcategory-list';
import './categories-tab.css';

function CategoryItem({ category }: { category: Pcategory }) {
  const { t } = useTranslation();
  const labelOf = useCatalogLabel();
  const deletion = useDeletePcategory(category.id);
  return (
    <CatalogItem
      level="category"
      title={<CatalogName item={category} />}
      label={labelOf(category)}
      badge={t('order_n', { order: category.order_number })}
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
          onDone={(saved) => done(t('category_added', { name: isolate(labelOf(saved)) }))}
          onCancel={cancel}
        />
      )}
    >
      <PagedList
        query={categories}
        empty={t('no_categories')}
        className="catalog-list catalog-list--categories"
        hrefFor={hrefFor}
      >
        {(category) => <CategoryItem key={category.id} category={category} />}
      </PagedList>
    </CatalogSection>
  );
}

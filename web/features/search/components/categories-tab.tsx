import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { Pcategory } from '../../../../shared/schemas/catalog';
import type { ProductCard } from '../../../../shared/schemas/products';
import { AlertIcon, ChevronEndIcon } from '../../../components/icons';
import { EmptyState } from '../../../components/empty-state';
import { Loader } from '../../../components/loader';
import { paths } from '../../../lib/paths';
import { usePcategories, usePsubcategories } from '../../../lib/catalog';
import { useCatalogLabels } from '../../../lib/catalog-labels';
import { useInView } from '../use-in-view';
import { useOfferModal } from '../use-offer-modal';
import { SubcategoryRow } from './subcategory-row';
import './categories-tab.css';
import './subcategory-row.css';

/**
 * One category: its heading (a link to the category view), then a row per subcategory. Its
 * subcategories are asked for once the section comes near the screen, and each row fetches its
 * offers once it does: a visit costs the requests of what is looked at, not of the catalogue.
 */
function CategorySection({
  category,
  onOpen,
}: {
  category: Pcategory;
  onOpen: (product: ProductCard) => void;
}) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref);
  const subcategories = usePsubcategories(category.id, inView);
  const [empty, setEmpty] = useState<ReadonlySet<number>>(new Set());
  const onEmpty = useCallback(
    (id: number) => setEmpty((set) => (set.has(id) ? set : new Set(set).add(id))),
    [],
  );
  const name = labels.name(category);
  const allEmpty =
    subcategories.data !== undefined && subcategories.data.every((s) => empty.has(s.id));
  const headingId = `category-${category.id}`;

  return (
    <section ref={ref} className="category-section" aria-labelledby={headingId}>
      <div className="category-section__header">
        <h2 id={headingId} className="category-section__title">
          <Link to={paths.category(category.id)}>{name}</Link>
        </h2>
        <Link to={paths.category(category.id)} className="subcategory-row__all">
          {t('see_all')}
          <ChevronEndIcon size={16} />
        </Link>
      </div>
      {allEmpty ? (
        <p className="category-section__empty">{t('no_offers_in_category')}</p>
      ) : subcategories.data ? (
        subcategories.data.map((subcategory) => (
          <SubcategoryRow
            key={subcategory.id}
            subcategory={subcategory}
            onEmpty={onEmpty}
            onOpen={onOpen}
          />
        ))
      ) : (
        <div className="subcategory-row__placeholder" aria-hidden="true">
          <span />
          <span />
        </div>
      )}
    </section>
  );
}

/** The home's categories tab (SPEC §2: subcategory sliders), in the catalogue's order. */
export function CategoriesTab() {
  const { t } = useTranslation();
  const categories = usePcategories();
  // SPEC §2: a card opens the offer details modal, one for the whole tab.
  const details = useOfferModal();
  if (categories.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={32} />}
        title={t('unknown_error')}
        action={
          <button
            type="button"
            className="button button--secondary"
            onClick={() => categories.refetch()}
          >
            {t('retry')}
          </button>
        }
      />
    );
  }
  if (!categories.data) return <Loader block />;
  return (
    <div className="categories-tab">
      {categories.data.map((category) => (
        <CategorySection key={category.id} category={category} onOpen={details.open} />
      ))}
      {details.modal}
    </div>
  );
}

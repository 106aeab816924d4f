import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { Psubcategory } from '../../../../shared/schemas/catalog';
import type { ProductCard } from '../../../../shared/schemas/products';
import { ChevronEndIcon } from '../../../components/icons';
import { Scroller } from '../../../components/scroller';
import { paths } from '../../../lib/paths';
import { useProductSearch } from '../api/search';
import { useCatalogLabels } from '../../../lib/catalog-labels';
import { useInView } from '../use-in-view';
import { ResultCard } from './result-card';
import './subcategory-row.css';

/** Offers a row of the home's categories tab shows; the rest are one click away ('see all'). */
export const HOME_ROW_SIZE = 10;
/** A row's search: the subcategory's newest offers. */
export const homeRowBody = { type: 'offer', page: 1, page_size: HOME_ROW_SIZE };
/** Cards of a row whose images are not lazy-loaded. */
const EAGER_CARDS = 2;

interface SubcategoryRowProps {
  subcategory: Psubcategory;
  /** Told once the row turned out to have no offers (the row then takes no room). */
  onEmpty: (id: number) => void;
  /** Opens a card in the offer details modal. */
  onOpen: (product: ProductCard) => void;
}

/**
 * A subcategory's newest offers in a Scroller, fetched once the row comes near the screen. An
 * empty subcategory shows nothing: the categories tab lists only what has offers.
 */
export function SubcategoryRow({ subcategory, onEmpty, onOpen }: SubcategoryRowProps) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref);
  const results = useProductSearch('psubcategory', subcategory.id, homeRowBody, {
    enabled: inView,
  });
  const empty = results.data?.data.length === 0;
  const name = labels.name(subcategory);
  const href = paths.subcategory(subcategory.pcategory_id, subcategory.id);

  useEffect(() => {
    if (empty) onEmpty(subcategory.id);
  }, [empty, onEmpty, subcategory.id]);

  if (empty || results.isError) return null;
  return (
    <section
      ref={ref}
      className="subcategory-row"
      aria-label={name}
      data-state={results.data ? 'loaded' : 'waiting'}
    >
      <div className="subcategory-row__header">
        <h3 className="subcategory-row__title">
          <Link to={href}>{name}</Link>
        </h3>
        <Link to={href} className="subcategory-row__all">
          {t('see_all')}
          <ChevronEndIcon size={16} />
        </Link>
      </div>
      {results.data ? (
        <Scroller label={name}>
          {results.data.data.map((product, index) => (
            // The first cards are on screen as soon as the row is (often the page's largest
            // image): fetched at once rather than after layout.
            <ResultCard
              key={product.id}
              product={product}
              onOpen={onOpen}
              eager={index < EAGER_CARDS}
            />
          ))}
        </Scroller>
      ) : (
        <div className="subcategory-row__placeholder" aria-hidden="true">
          <span />
          <span />
        </div>
      )}
    </section>
  );
}

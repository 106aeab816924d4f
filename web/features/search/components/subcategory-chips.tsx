import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { Psubcategory } from '../../../../shared/schemas/catalog';
import { paths } from '../../../lib/paths';
import { useCatalogLabels } from '../../../lib/catalog-labels';
import './subcategory-chips.css';

/** Shown on phones before 'show all' (styles.css hides the rest there). */
const FIRST_CHIPS = 4;

/** A category's subcategories, each a link to its view. */
export function SubcategoryChips({
  categoryId,
  subcategories,
}: {
  categoryId: number;
  subcategories: Psubcategory[];
}) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const [open, setOpen] = useState(false);
  const collapsed = !open && subcategories.length > FIRST_CHIPS;
  return (
    <nav
      className={collapsed ? 'catalog-chips catalog-chips--collapsed' : 'catalog-chips'}
      aria-label={t('subcategory')}
    >
      <ul className="catalog-chips__list">
        {subcategories.map((subcategory) => (
          <li key={subcategory.id}>
            <Link to={paths.subcategory(categoryId, subcategory.id)} className="catalog-chip">
              {labels.name(subcategory)}
            </Link>
          </li>
        ))}
        {collapsed && (
          <li>
            <button
              type="button"
              className="catalog-chip catalog-chips__more"
              onClick={() => setOpen(true)}
            >
              {t('show_all_count', { count: subcategories.length })}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}

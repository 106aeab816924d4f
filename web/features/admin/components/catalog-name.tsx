import { UserText } from '../../../components/user-text';
import type { CatalogNamed as Named } from '../../../../shared/domain/catalog-names';
import { useCatalogLabel } from '../catalog-label';
import './catalog-name.css';

/**
 * A catalogue name as visitors see it, and beside it the stored key (small, muted) when that
 * differs, so the admin knows what they edit.
 */
export function CatalogName({ item }: { item: Named }) {
  const labelOf = useCatalogLabel();
  const label = labelOf(item);
  return (
    <span className="catalog-name">
      <UserText className="catalog-name__label" text={label} />
      {label !== item.name && (
        <>
          {' '}
          <bdi className="catalog-name__key" dir="ltr">
            {item.name}
          </bdi>
        </>
      )}
    </span>
  );
}

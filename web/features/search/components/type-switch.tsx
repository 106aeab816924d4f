import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { PRODUCT_TYPES } from '../../../../shared/constants';
import type { ProductType } from '../../../../shared/schemas/products';

/** Offers or demands: two links, so the choice lives in the URL (and the back button). */
const LABELS = { offer: 'offers', demand: 'demands' } as const;

export function TypeSwitch({
  current,
  hrefFor,
}: {
  current: ProductType;
  hrefFor: (type: ProductType) => string;
}) {
  const { t } = useTranslation();
  return (
    <nav className="segmented" aria-label={t('type_switch_label')}>
      {PRODUCT_TYPES.map((type) => (
        <Link
          key={type}
          to={hrefFor(type)}
          className="segmented__item"
          aria-current={type === current ? 'page' : undefined}
        >
          {t(LABELS[type])}
        </Link>
      ))}
    </nav>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Product } from '../../../../shared/schemas/products';
import { pfieldSubKey, subFieldOf } from '../../../../shared/domain/pfield-values';
import { formatNumber, formatRentMoment } from '../../../lib/format';
import { isLanguage } from '../../../lib/i18n';
import { availableNumber, rentsOut } from '../../../../shared/domain/products';
import { useCatalogLabels } from '../../../lib/catalog-labels';
import './offer-facts.css';
import './offer-view.css';

/**
 * The facts of the full offer view (SPEC §2): available number, offer type, used, delivery,
 * negotiable, category, subcategory, the subcategory's extra fields, a demand's distance and the
 * contact methods. A fact shows only where the subcategory allows it.
 */
export function OfferFacts({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const labels = useCatalogLabels();
  const sub = product.psubcategory;
  const yesNo = (value: 'yes' | 'no') => (value === 'yes' ? t('yes') : t('no'));
  const rows: { key: string; label: string; value: ReactNode; className?: string }[] = [];

  if (rentsOut(product)) {
    // Issue 32 item 7: what is free now; when nothing is, from when.
    const left = availableNumber(product);
    const back = left === 0 && product.available_from;
    rows.push({
      key: 'availability',
      label: t('availability'),
      value: back
        ? t('available_from', {
            date: formatRentMoment(product.available_from!, product.unit, language),
          })
        : sub.can_be_counted === 'yes'
          ? t('available_count', { count: left })
          : left > 0
            ? t('available')
            : t('rented_out'),
      className: left === 0 ? 'offer-facts__value--none' : undefined,
    });
  } else if (sub.can_be_counted === 'yes') {
    if (product.type === 'offer') {
      const left = availableNumber(product);
      rows.push({
        key: 'available',
        label: t('available_number'),
        value: formatNumber(left, language),
        // SPEC §4: none left reads in red.
        className: left === 0 ? 'offer-facts__value--none' : undefined,
      });
    } else {
      rows.push({
        key: 'number',
        label: t('demanded_number'),
        value: formatNumber(product.number, language),
      });
    }
  }
  const demand = product.type === 'demand';
  // Issue 35 item 6: a demand's yes/no flags default to 'no' in its form, so 'no' says nothing
  // the user chose ('État : Neuf', 'Livraison : Non'): a demand shows only what it asks for.
  const shows = (value: 'yes' | 'no') => !demand || value === 'yes';
  rows.push({
    key: 'offer_type',
    label: demand ? t('demand_type') : t('offer_type'),
    // 'Location au mois' already says its unit (issue 20 item 4: not 'Location au mois (mois)').
    value: t(`offer_type_${product.offer_type}`),
  });
  if (sub.can_be_priced === 'yes' && shows(product.negotiable)) {
    rows.push({ key: 'negotiable', label: t('negotiable'), value: yesNo(product.negotiable) });
  }
  if (sub.can_be_used === 'yes' && shows(product.used)) {
    rows.push({
      key: 'used',
      label: t('condition'),
      value: product.used === 'yes' ? t('used') : t('new_condition'),
    });
  }
  if (sub.can_be_delivered === 'yes' && shows(product.delivery)) {
    rows.push({ key: 'delivery', label: t('delivery'), value: yesNo(product.delivery) });
  }
  rows.push({
    key: 'category',
    label: t('category'),
    value: labels.name(sub.pcategory),
  });
  rows.push({
    key: 'subcategory',
    label: t('subcategory'),
    value: labels.name(sub),
  });
  if (sub.mesure_unit) {
    rows.push({
      key: 'unit',
      label: t('measure_unit'),
      value: labels.unit(sub.mesure_unit),
    });
  }
  for (const field of product.pfields) {
    const value = labels.fieldValue(field);
    if (!value) continue;
    const unit = labels.unit(field.mesure_unit);
    rows.push({
      key: `pfield_${field.id}`,
      label: labels.name(field),
      value: (
        <bdi dir={field.translated === 'yes' ? undefined : 'auto'}>
          {unit ? `${value} ${unit}` : value}
        </bdi>
      ),
    });
    // SPEC §3: the sub-field the chosen value opens (a brand's model), under its own name.
    const subField = subFieldOf(field, field.pivot.value);
    if (subField && field.pivot.sub_value) {
      rows.push({
        key: pfieldSubKey(field.id),
        label: labels.name(subField),
        value: <bdi dir="auto">{field.pivot.sub_value}</bdi>,
      });
    }
  }
  if (demand && product.distance) {
    rows.push({
      key: 'distance',
      label: t('product_max_distance'),
      value: formatNumber(product.distance, language),
    });
  }
  if (product.contact_methods.length > 0) {
    rows.push({
      key: 'contact',
      label: t('contact_methods'),
      value: product.contact_methods
        .map((m) => t(`contact_${m}`))
        .join(language === 'ar' ? '، ' : ', '),
    });
  }

  return (
    <section className="offer-facts">
      <h2 className="offer-view__section-title">{t('characteristics')}</h2>
      <dl className="offer-facts__list">
        {rows.map((row) => (
          <div key={row.key} className="offer-facts__row" data-fact={row.key}>
            <dt className="offer-facts__label">{row.label}</dt>
            <dd className={['offer-facts__value', row.className].filter(Boolean).join(' ')}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

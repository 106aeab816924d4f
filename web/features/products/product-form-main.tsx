import { useTranslation } from '../../lib/use-translation';
import type { Psubcategory } from '../../../shared/schemas/catalog';
import type { Product, ProductType } from '../../../shared/schemas/products';
import { FormField } from '../../components/form-field';
import { numberInputProps } from '../../components/number-input';
import { bindInput, Check, Section, type GroupProps } from './product-form-parts';
import { directionOf, isLanguage } from '../../../shared/domain/language';
import { otherLanguage } from '../../../shared/domain/product-titles';
import type { Language } from '../../../shared/constants';
import { offerTypesFor, type FormValues } from './product-form-values';
import { dealKind } from '../../../shared/domain/products';
import { PriceHintNote } from './components/price-hint';
import './product-form-main.css';

interface MainFieldsProps extends GroupProps {
  type: ProductType;
  sub: Psubcategory;
  /** The product being edited: its sold count bounds the number. */
  product?: Product;
}

/** Names, offer type, price, number, distance and the yes/no inputs the subcategory allows. */
export function MainFields({ type, sub, product, values, set, errors }: MainFieldsProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const other = otherLanguage(language);
  const otherName = `name_${other}` as const;
  const input = bindInput({ values, set });
  const demand = type === 'demand';
  const title = demand ? t('demand_name') : t('product_name');
  const languageName = (l: Language) => (l === 'ar' ? t('in_language_ar') : t('in_language_fr'));
  const offerTypes = offerTypesFor(type, sub);
  const priceLabel = demand ? t('budget') : t('price');
  const rent = dealKind({ type, offer_type: values.offer_type }) === 'rent';
  return (
    <Section title={t('product_main')}>
      {/* Issue 35 item 2: one title per language, the interface's first and required (sent
          as SPEC's `name`), the other optional; each is stored by the letters it is written in. */}
      <FormField
        name="name"
        label={t('title_in_language', { title, language: languageName(language) })}
        errors={errors.name}
        maxLength={200}
        dir={directionOf(language)}
        lang={language}
        {...input('name')}
      />
      <FormField
        name={otherName}
        label={t('title_in_language', { title, language: languageName(other) })}
        optional
        errors={errors[otherName]}
        maxLength={200}
        dir={directionOf(other)}
        lang={other}
        {...input(otherName)}
      />
      {offerTypes.length > 1 && (
        <FormField
          name="offer_type"
          label={demand ? t('demand_type') : t('offer_type')}
          errors={errors.offer_type}
          render={(props) => (
            <select
              {...props}
              className="field__input"
              value={values.offer_type}
              onChange={(event) =>
                set('offer_type', event.target.value as FormValues['offer_type'])
              }
            >
              {offerTypes.map((offerType) => (
                <option key={offerType} value={offerType}>
                  {t(`offer_type_${offerType}`)}
                </option>
              ))}
            </select>
          )}
        />
      )}
      {sub.can_be_priced === 'yes' && (
        <div className="form__row">
          <FormField
            name="price"
            // Issue 35 item 6: what a demand names is its budget.
            label={
              offerTypes.includes(values.offer_type) && values.offer_type.endsWith('_rent')
                ? `${priceLabel} (${t('currency')} / ${t(`${values.offer_type}_unit`)})`
                : `${priceLabel} (${t('currency')})`
            }
            optional
            {...numberInputProps()}
            errors={errors.price}
            {...input('price')}
          />
          <Check
            name="negotiable"
            label={t('negotiable')}
            checked={values.negotiable}
            onChange={(v) => set('negotiable', v)}
            errors={errors.negotiable}
          />
        </div>
      )}
      {sub.can_be_priced === 'yes' && (
        <PriceHintNote
          ask={{
            psubcategoryId: sub.id,
            offerType: offerTypes.includes(values.offer_type) ? values.offer_type : offerTypes[0],
            latitude: values.latitude === '' ? null : Number(values.latitude),
            longitude: values.longitude === '' ? null : Number(values.longitude),
          }}
        />
      )}
      {sub.can_be_counted === 'yes' && (
        <FormField
          name="number"
          label={demand ? t('demanded_number') : t('available_number')}
          {...numberInputProps()}
          hint={
            product && product.sold_count > 0
              ? t(rent ? 'already_rented_hint' : 'already_sold_hint', {
                  count: product.sold_count,
                })
              : undefined
          }
          // Issue 32 item 7: a rent offer's units come back, so its number is never below
          // what was rented (the hint says how many were).
          errors={errors.number}
          {...input('number')}
        />
      )}
      {demand && (
        <FormField
          name="distance"
          label={t('product_max_distance')}
          optional
          {...numberInputProps()}
          errors={errors.distance}
          {...input('distance')}
        />
      )}
      <div className="product-form__checks">
        {sub.can_be_used === 'yes' && (
          <Check
            name="used"
            label={t('used')}
            checked={values.used}
            onChange={(v) => set('used', v)}
            errors={errors.used}
          />
        )}
        {sub.can_be_delivered === 'yes' && (
          <Check
            name="delivery"
            label={t('delivery')}
            checked={values.delivery}
            onChange={(v) => set('delivery', v)}
            errors={errors.delivery}
          />
        )}
        <Check
          name="private"
          label={demand ? t('private_demand') : t('private')}
          hint={t('private_product_hint')}
          checked={values.private}
          onChange={(v) => set('private', v)}
          errors={errors.private}
        />
      </div>
    </Section>
  );
}

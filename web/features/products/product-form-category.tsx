import { useTranslation } from '../../lib/use-translation';
import type { Pcategory, Psubcategory } from '../../../shared/schemas/catalog';
import { FormField } from '../../components/form-field';
import { catalogName } from '../../../shared/domain/catalog-names';
import type { Errors } from '../../lib/http';
import { isLanguage } from '../../lib/i18n';
import { Section } from './product-form-parts';

interface Choices<T> {
  data?: T[];
  isPending: boolean;
}

interface CategoryFieldsProps {
  pcategories: Choices<Pcategory>;
  psubcategories: Choices<Psubcategory>;
  pcategoryId: number | null;
  psubcategoryId: number | null;
  /** A new category: its subcategory and field values are cleared. */
  onPcategory: (id: number | null) => void;
  /** A new subcategory: its field values are cleared. */
  onPsubcategory: (id: number | null) => void;
  /** The subcategory is known: the rest of the form shows. */
  chosen: boolean;
  errors: Errors;
}

/** The first step of the product form: the category, then the subcategory that decides the rest. */
export function CategoryFields({
  pcategories,
  psubcategories,
  pcategoryId,
  psubcategoryId,
  onPcategory,
  onPsubcategory,
  chosen,
  errors,
}: CategoryFieldsProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const exists = (key: string) => i18n.exists(key);
  const idOf = (value: string) => (value ? Number(value) : null);
  return (
    <Section title={t('choose_category')}>
      <div className="form__row">
        <FormField
          name="pcategory_id"
          label={t('category')}
          errors={errors.pcategory_id}
          render={(props) => (
            <select
              {...props}
              className="field__input"
              value={pcategoryId ?? ''}
              disabled={pcategories.isPending}
              onChange={(event) => onPcategory(idOf(event.target.value))}
            >
              <option value="">
                {pcategories.isPending ? t('loading') : t('choose_category')}
              </option>
              {pcategories.data?.map((category) => (
                <option key={category.id} value={category.id}>
                  {catalogName(category, language, t, exists)}
                </option>
              ))}
            </select>
          )}
        />
        <FormField
          name="psubcategory_id"
          label={t('subcategory')}
          errors={errors.psubcategory_id}
          render={(props) => (
            <select
              {...props}
              className="field__input"
              value={psubcategoryId ?? ''}
              disabled={pcategoryId === null || psubcategories.isPending}
              onChange={(event) => onPsubcategory(idOf(event.target.value))}
            >
              <option value="">
                {pcategoryId !== null && psubcategories.isPending
                  ? t('loading')
                  : t('choose_subcategory')}
              </option>
              {psubcategories.data?.map((subcategory) => (
                <option key={subcategory.id} value={subcategory.id}>
                  {catalogName(subcategory, language, t, exists)}
                </option>
              ))}
            </select>
          )}
        />
      </div>
      {!chosen && <p className="field__hint">{t('choose_subcategory_first')}</p>}
    </Section>
  );
}

import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { SUBCATEGORY_UNITS } from '../../../../shared/constants';
import {
  psubcategoryCreateBody,
  psubcategoryUpdateBody,
  SUBCATEGORY_FLAGS,
  type Psubcategory,
} from '../../../../shared/schemas/catalog';
import { FormAlert } from '../../../components/form-field';
import { formValues, useFormErrors } from '../../../lib/use-form-errors';
import { useCreatePsubcategory } from '../api/create-psubcategory';
import { useUpdatePsubcategory } from '../api/update-psubcategory';
import { useFieldErrors } from '../field-errors';
import { SelectField, useUnitOptions, YesNoField } from './form-controls';
import { FormActions, NameFields, OrderNumberField } from './name-fields';
import './category-form.css';
import './subcategory-form.css';

const FIELDS = [
  'name',
  'name_ar',
  'name_fr',
  'order_number',
  ...SUBCATEGORY_FLAGS,
  'mesure_unit',
] as const;

interface SubcategoryFormProps {
  pcategoryId: number;
  /** The subcategory to edit; a new one when absent. */
  subcategory?: Psubcategory;
  onDone: (saved: Psubcategory) => void;
  onCancel: () => void;
}

/**
 * SPEC §5 "Subcategory create/update": name required, order_number numeric and at least 1, checked
 * in the browser with the server's schema. SPEC §9 defaults: order 1, every can_be_* yes, no unit.
 */
export function SubcategoryForm({
  pcategoryId,
  subcategory,
  onDone,
  onCancel,
}: SubcategoryFormProps) {
  const { t } = useTranslation();
  const create = useCreatePsubcategory(pcategoryId);
  const update = useUpdatePsubcategory(subcategory ?? { id: 0, pcategory_id: pcategoryId });
  const mutation = subcategory ? update : create;
  const { formRef, errors, clear, fromIssues, fromError } = useFormErrors(FIELDS);
  const errorsOf = useFieldErrors(errors);
  const units = useUnitOptions(SUBCATEGORY_UNITS);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const schema = subcategory ? psubcategoryUpdateBody : psubcategoryCreateBody;
    const parsed = schema.safeParse(formValues(event.currentTarget));
    if (!parsed.success) return fromIssues(parsed.error.issues);
    clear();
    try {
      onDone(await mutation.mutateAsync(parsed.data));
    } catch (error) {
      fromError(error);
    }
  }

  return (
    <form method="post" ref={formRef} className="form admin-form" noValidate onSubmit={onSubmit}>
      <FormAlert messages={errors.general} />
      <NameFields item={subcategory} label={t('catalog_name')} errorsOf={errorsOf} />
      <div className="form__row">
        <OrderNumberField
          defaultValue={subcategory?.order_number ?? 1}
          errors={errorsOf('order_number')}
        />
        <SelectField
          name="mesure_unit"
          label={t('mesure_unit')}
          options={units}
          defaultValue={subcategory?.mesure_unit ?? ''}
          errors={errorsOf('mesure_unit')}
        />
      </div>
      <div className="admin-form__flags">
        {SUBCATEGORY_FLAGS.map((flag) => (
          <YesNoField
            key={flag}
            name={flag}
            label={t(flag)}
            defaultValue={subcategory?.[flag] ?? 'yes'}
            errors={errorsOf(flag)}
          />
        ))}
      </div>
      <FormActions
        loading={mutation.isPending}
        submitLabel={subcategory ? t('save_changes') : t('add')}
        onCancel={onCancel}
      />
    </form>
  );
}

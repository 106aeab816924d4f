import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { FIELD_POSITIONS, FIELD_TYPES, FIELD_UNITS } from '../../../../shared/constants';
import type { Pfield } from '../../../../shared/schemas/catalog';
import { FormAlert, FormField } from '../../../components/form-field';
import { formValues, useFormErrors } from '../../../lib/use-form-errors';
import { useCreatePfield } from '../api/create-pfield';
import { useUpdatePfield } from '../api/update-pfield';
import { useFieldErrors } from '../field-errors';
import { SelectField, useUnitOptions, YesNoField } from './form-controls';
import { FormActions, NameFields } from './name-fields';
import { SubFieldLabelsFields } from './sub-field-labels';
import { takeSubFieldLabels, withSubFieldLabels } from '../sub-field-labels';
import './category-form.css';

const FIELDS = [
  'name',
  'name_ar',
  'name_fr',
  'translated',
  'type',
  'mesure_unit',
  'position',
  'values',
] as const;

/** SPEC §3's shape of values, shown in the hint. */
const VALUES_EXAMPLE = '[{"value": "…", "sub_field": {"name": "…", "values": […]}}]';

/** A left-to-right run (JSON) inside a sentence of either direction (U+2066 … U+2069). */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** The stored values (canonical JSON text) laid out for editing. */
export function prettyValues(values: string): string {
  try {
    const parsed: unknown = JSON.parse(values);
    if (Array.isArray(parsed) && parsed.length === 0) return '';
    return JSON.stringify(parsed, null, 2);
  } catch {
    return values;
  }
}

interface FieldFormProps {
  psubcategoryId: number;
  /** The field to edit; a new one when absent. */
  field?: Pfield;
  onDone: (saved: Pfield) => void;
  onCancel: () => void;
}

/**
 * SPEC §5 "Field create/edit": no client-side check; the values are typed as JSON text and the
 * server's verdict (invalid_json, bad_input) shows under them. SPEC §9 defaults: translated yes,
 * type text, position third.
 */
export function FieldForm({ psubcategoryId, field, onDone, onCancel }: FieldFormProps) {
  const { t } = useTranslation();
  const create = useCreatePfield(psubcategoryId);
  const update = useUpdatePfield(field ?? { id: 0, psubcategory_id: psubcategoryId });
  const mutation = field ? update : create;
  const { formRef, errors, clear, fromError } = useFormErrors(FIELDS);
  const errorsOf = useFieldErrors(errors);
  const units = useUnitOptions(FIELD_UNITS);
  // The values as typed: the sub-fields' label inputs follow them.
  const [valuesText, setValuesText] = useState(() => field?.values ?? '');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const labels = takeSubFieldLabels(values);
    if (values.values !== undefined) values.values = withSubFieldLabels(values.values, labels);
    clear();
    try {
      onDone(await mutation.mutateAsync(values));
    } catch (error) {
      fromError(error);
    }
  }

  return (
    <form method="post" ref={formRef} className="form admin-form" noValidate onSubmit={onSubmit}>
      <FormAlert messages={errors.general} />
      <NameFields item={field} label={t('field_name')} errorsOf={errorsOf} />
      <div className="form__row">
        <SelectField
          name="type"
          label={t('field_type')}
          options={FIELD_TYPES.map((type) => ({ value: type, label: t(`field_type_${type}`) }))}
          defaultValue={field?.type ?? 'text'}
          errors={errorsOf('type')}
        />
        <SelectField
          name="position"
          label={t('position')}
          options={FIELD_POSITIONS.map((p) => ({ value: p, label: t(`position_${p}`) }))}
          defaultValue={field?.position ?? 'third'}
          errors={errorsOf('position')}
        />
      </div>
      <div className="form__row">
        <SelectField
          name="mesure_unit"
          label={t('mesure_unit')}
          options={units}
          defaultValue={field?.mesure_unit ?? ''}
          errors={errorsOf('mesure_unit')}
        />
        <YesNoField
          name="translated"
          label={t('translated')}
          hint={t('translated_hint')}
          defaultValue={field?.translated ?? 'yes'}
          errors={errorsOf('translated')}
        />
      </div>
      <FormField
        name="values"
        label={t('values')}
        hint={t('values_hint', { example: ltr(VALUES_EXAMPLE) })}
        errors={errorsOf('values')}
        render={(control) => (
          <textarea
            {...control}
            className="admin-form__json"
            dir="ltr"
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            rows={6}
            placeholder='[{"value": "petrol"}, {"value": "diesel"}]'
            defaultValue={field ? prettyValues(field.values) : ''}
            onChange={(event) => setValuesText(event.target.value)}
          />
        )}
      />
      <SubFieldLabelsFields values={valuesText} />
      <FormActions
        loading={mutation.isPending}
        submitLabel={field ? t('save_changes') : t('add')}
        onCancel={onCancel}
      />
    </form>
  );
}

import { useTranslation } from '../../../lib/use-translation';
import { FormField } from '../../../components/form-field';
import { subFieldLabelInput, subFieldNames } from '../sub-field-labels';

/**
 * Issue 35 item 18: the Arabic and French labels of each sub-field the values open (a brand's
 * "model"), under the values, as a field has its own; nothing when no value opens a sub-field.
 * The inputs follow the JSON text: a sub-field added there gets its pair of labels here.
 */
export function SubFieldLabelsFields({ values }: { values: string }) {
  const { t } = useTranslation();
  const names = subFieldNames(values);
  if (names.length === 0) return null;
  return (
    <fieldset className="admin-form__sub-labels">
      <legend className="field__label">{t('sub_field_labels')}</legend>
      <p className="field__hint">{t('sub_field_labels_hint')}</p>
      {names.map((sub) => (
        // Keyed by the labels the JSON holds too: a label typed there shows here.
        <div key={`${sub.name}\u0000${sub.name_ar}\u0000${sub.name_fr}`} className="form__row">
          <FormField
            name={subFieldLabelInput('ar', sub.name)}
            label={t('sub_field_label_ar', { name: `\u2068${sub.name}\u2069` })}
            optional
            defaultValue={sub.name_ar ?? ''}
            autoComplete="off"
            dir="rtl"
            lang="ar"
          />
          <FormField
            name={subFieldLabelInput('fr', sub.name)}
            label={t('sub_field_label_fr', { name: `\u2068${sub.name}\u2069` })}
            optional
            defaultValue={sub.name_fr ?? ''}
            autoComplete="off"
            dir="ltr"
            lang="fr"
          />
        </div>
      ))}
    </fieldset>
  );
}

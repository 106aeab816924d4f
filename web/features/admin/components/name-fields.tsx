import { useTranslation } from '../../../lib/use-translation';
import { FormField, SubmitButton } from '../../../components/form-field';
import type { CatalogNamed as Named } from '../../../../shared/domain/catalog-names';
import './name-fields.css';

interface NameFieldsProps {
  item?: Named;
  label: string;
  /** Messages under each field, by field name. */
  errorsOf: (field: string) => string[] | undefined;
}

/**
 * The name of a catalogue item (a dictionary key or a plain name, DESIGN §6) and its optional
 * labels in Arabic and French.
 */
export function NameFields({ item, label, errorsOf }: NameFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        name="name"
        label={label}
        hint={t('catalog_name_hint')}
        defaultValue={item?.name ?? ''}
        errors={errorsOf('name')}
        autoComplete="off"
        dir="auto"
        // The form opens on the admin's request (add, edit): the name is where they start.
        autoFocus
      />
      <div className="form__row">
        <FormField
          name="name_ar"
          label={t('admin_name_ar')}
          optional
          hint={t('admin_labels_hint')}
          defaultValue={item?.name_ar ?? ''}
          errors={errorsOf('name_ar')}
          autoComplete="off"
          dir="rtl"
          lang="ar"
        />
        <FormField
          name="name_fr"
          label={t('admin_name_fr')}
          optional
          hint={t('admin_labels_hint')}
          defaultValue={item?.name_fr ?? ''}
          errors={errorsOf('name_fr')}
          autoComplete="off"
          dir="ltr"
          lang="fr"
        />
      </div>
    </>
  );
}

/** SPEC §5: numeric and at least 1; SPEC §9: 1 for a new item. */
export function OrderNumberField({
  defaultValue,
  errors,
}: {
  defaultValue: number;
  errors?: string[];
}) {
  const { t } = useTranslation();
  // Text, not type=number: a browser turns letters in a number input into '' (which the server
  // reads as "not given"), whereas SPEC §5 wants them refused.
  return (
    <FormField
      name="order_number"
      label={t('order_number')}
      hint={t('order_number_hint')}
      inputMode="numeric"
      autoComplete="off"
      dir="ltr"
      defaultValue={defaultValue}
      errors={errors}
    />
  );
}

interface FormActionsProps {
  loading: boolean;
  submitLabel: string;
  onCancel: () => void;
}

/** Save (with its loading state) and cancel, side by side. */
export function FormActions({ loading, submitLabel, onCancel }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="admin-form__actions">
      <SubmitButton loading={loading} loadingLabel={t('saving')}>
        {submitLabel}
      </SubmitButton>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('cancel')}
      </button>
    </div>
  );
}

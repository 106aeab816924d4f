import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  pcategoryCreateBody,
  pcategoryUpdateBody,
  type Pcategory,
} from '../../../../shared/schemas/catalog';
import { FormAlert } from '../../../components/form-field';
import { formValues, useFormErrors } from '../../../lib/use-form-errors';
import { useCreatePcategory } from '../api/create-pcategory';
import { useUpdatePcategory } from '../api/update-pcategory';
import { useFieldErrors } from '../field-errors';
import { FormActions, NameFields, OrderNumberField } from './name-fields';
import './category-form.css';

const FIELDS = ['name', 'name_ar', 'name_fr', 'order_number'] as const;

interface CategoryFormProps {
  /** The category to edit; a new one when absent. */
  category?: Pcategory;
  onDone: (saved: Pcategory) => void;
  onCancel: () => void;
}

/**
 * SPEC §5 "Category create/edit": name required, order_number numeric and at least 1 (default 1,
 * SPEC §9), checked in the browser with the server's own schema; the server's errors go under
 * their fields too, `global` on top.
 */
export function CategoryForm({ category, onDone, onCancel }: CategoryFormProps) {
  const { t } = useTranslation();
  const create = useCreatePcategory();
  const update = useUpdatePcategory(category?.id ?? 0);
  const mutation = category ? update : create;
  const { formRef, errors, clear, fromIssues, fromError } = useFormErrors(FIELDS);
  const errorsOf = useFieldErrors(errors);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const schema = category ? pcategoryUpdateBody : pcategoryCreateBody;
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
      <NameFields item={category} label={t('catalog_name')} errorsOf={errorsOf} />
      <OrderNumberField
        defaultValue={category?.order_number ?? 1}
        errors={errorsOf('order_number')}
      />
      <FormActions
        loading={mutation.isPending}
        submitLabel={category ? t('save_changes') : t('add')}
        onCancel={onCancel}
      />
    </form>
  );
}

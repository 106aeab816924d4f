import { useTranslation } from '../../../lib/use-translation';
import type { Pfield } from '../../../../shared/schemas/catalog';
import { readFieldValues } from '../../../../shared/domain/pfield-values';
import { ChevronEndIcon } from '../../../components/icons';
import { Loader } from '../../../components/loader';
import { UserText } from '../../../components/user-text';
import { useDeletePfield } from '../api/delete-pfield';
import { usePfields } from '../api/pfields';
import { isolate, useCatalogLabel } from '../catalog-label';
import { CatalogItem } from './catalog-item';
import { CatalogName } from './catalog-name';
import { CatalogSection } from './catalog-section';
import { FieldForm } from './field-form';
import { EmptyLine, ListError } from './list-states';
import { useCatalogLabels } from '../../../lib/catalog-labels';
import './categories-tab.css';
import './field-list.css';

/** Values shown on a field's line before '+n'. */
const VALUES_SHOWN = 8;

function FieldMeta({ field }: { field: Pfield }) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const values = readFieldValues(field.values) ?? [];
  return (
    <>
      <ul className="admin-tags">
        <li className="admin-tag">{t(`field_type_${field.type}`)}</li>
        <li className="admin-tag">{t(`position_${field.position}`)}</li>
        {field.mesure_unit && <li className="admin-tag">{labels.unit(field.mesure_unit)}</li>}
        <li className="admin-tag">
          {t('admin_label_value', { label: t('translated'), value: t(field.translated) })}
        </li>
        <li className="admin-tag">{t('values_count', { count: values.length })}</li>
      </ul>
      {values.length > 0 && (
        <ul className="admin-values">
          {values.slice(0, VALUES_SHOWN).map((item) => (
            <li key={item.value} className="admin-value">
              <UserText text={labels.value(field, item.value)} />
              {item.sub_field && (
                <span className="admin-value__sub">
                  <ChevronEndIcon size={12} />
                  {labels.name(item.sub_field)}
                </span>
              )}
            </li>
          ))}
          {values.length > VALUES_SHOWN && (
            <li className="admin-value admin-value--more">
              {t('values_more', { count: values.length - VALUES_SHOWN })}
            </li>
          )}
        </ul>
      )}
    </>
  );
}

function FieldItem({ field }: { field: Pfield }) {
  const { t } = useTranslation();
  const labelOf = useCatalogLabel();
  const deletion = useDeletePfield(field);
  return (
    <CatalogItem
      level="field"
      title={<CatalogName item={field} />}
      label={labelOf(field)}
      meta={<FieldMeta field={field} />}
      editLabel={t('edit_field')}
      deleteLabel={t('delete_field')}
      deletion={deletion}
      renderEdit={(close) => (
        <FieldForm
          psubcategoryId={field.psubcategory_id}
          field={field}
          onDone={close}
          onCancel={close}
        />
      )}
    />
  );
}

/** SPEC §2: a subcategory's fields, with add, edit and delete. */
export function FieldList({ psubcategoryId }: { psubcategoryId: number }) {
  const { t } = useTranslation();
  const labelOf = useCatalogLabel();
  const fields = usePfields(psubcategoryId);
  return (
    <CatalogSection
      level="field"
      title={t('fields')}
      count={fields.data ? String(fields.data.length) : undefined}
      addLabel={t('add_field')}
      renderAddForm={(done, cancel) => (
        <FieldForm
          psubcategoryId={psubcategoryId}
          onDone={(saved) => done(t('field_added', { name: isolate(labelOf(saved)) }))}
          onCancel={cancel}
        />
      )}
    >
      {fields.isPending ? (
        <Loader />
      ) : fields.isError ? (
        <ListError onRetry={() => fields.refetch()} />
      ) : fields.data.length === 0 ? (
        <EmptyLine text={t('no_fields')} />
      ) : (
        <ul className="catalog-list catalog-list--fields">
          {fields.data.map((field) => (
            <FieldItem key={field.id} field={field} />
          ))}
        </ul>
      )}
    </CatalogSection>
  );
}

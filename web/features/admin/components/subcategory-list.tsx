import { useTranslation } from '../../../lib/use-translation';
import { SUBCATEGORY_FLAGS, type Psubcategory } from '../../../../shared/schemas/catalog';
import { Loader } from '../../../components/loader';
import { useDeletePsubcategory } from '../api/delete-psubcategory';
import { usePsubcategories } from '../api/psubcategories';
import { isolate, useCatalogLabel } from '../catalog-label';
import { CatalogItem } from './catalog-item';
import { CatalogName } from './catalog-name';
import { CatalogSection } from './catalog-section';
import { FieldList } from './field-list';
import { EmptyLine, ListError } from './list-states';
import { SubcategoryForm } from './subcategory-form';
import './categories-tab.css';
import './field-list.css';
import { useCatalogLabels } from '../../../lib/catalog-labels';
import './subcategory-list.css';

function SubcategoryMeta({ subcategory }: { subcategory: Psubcategory }) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  return (
    <ul className="admin-tags">
      {subcategory.mesure_unit && (
        <li className="admin-tag">
          {t('admin_label_value', {
            label: t('mesure_unit'),
            value: labels.unit(subcategory.mesure_unit),
          })}
        </li>
      )}
      {SUBCATEGORY_FLAGS.map((flag) => (
        <li
          key={flag}
          className={
            subcategory[flag] === 'yes' ? 'admin-tag admin-tag--yes' : 'admin-tag admin-tag--no'
          }
        >
          <span aria-hidden="true">{subcategory[flag] === 'yes' ? '✓' : '✗'} </span>
          {t(flag)}
          <span className="visually-hidden"> ({t(subcategory[flag])})</span>
        </li>
      ))}
    </ul>
  );
}

function SubcategoryItem({ subcategory }: { subcategory: Psubcategory }) {
  const { t } = useTranslation();
  const labelOf = useCatalogLabel();
  const deletion = useDeletePsubcategory(subcategory);
  return (
    <CatalogItem
      level="subcategory"
      title={<CatalogName item={subcategory} />}
      label={labelOf(subcategory)}
      badge={t('order_n', { order: subcategory.order_number })}
      meta={<SubcategoryMeta subcategory={subcategory} />}
      editLabel={t('edit_subcategory')}
      deleteLabel={t('delete_subcategory')}
      deletion={deletion}
      renderEdit={(close) => (
        <SubcategoryForm
          pcategoryId={subcategory.pcategory_id}
          subcategory={subcategory}
          onDone={close}
          onCancel={close}
        />
      )}
      renderChildren={() => <FieldList psubcategoryId={subcategory.id} />}
    />
  );
}

/** SPEC §2: a category's subcategories, with their add form, edit and delete. */
export function SubcategoryList({ pcategoryId }: { pcategoryId: number }) {
  const { t } = useTranslation();
  const labelOf = useCatalogLabel();
  const subcategories = usePsubcategories(pcategoryId);
  return (
    <CatalogSection
      level="subcategory"
      title={t('subcategories')}
      count={subcategories.data ? String(subcategories.data.length) : undefined}
      addLabel={t('add_subcategory')}
      renderAddForm={(done, cancel) => (
        <SubcategoryForm
          pcategoryId={pcategoryId}
          onDone={(saved) => done(t('subcategory_added', { name: isolate(labelOf(saved)) }))}
          onCancel={cancel}
        />
      )}
    >
      {subcategories.isPending ? (
        <Loader />
      ) : subcategories.isError ? (
        <ListError onRetry={() => subcategories.refetch()} />
      ) : subcategories.data.length === 0 ? (
        <EmptyLine text={t('no_subcategories')} />
      ) : (
        <ul className="catalog-list catalog-list--subcategories">
          {subcategories.data.map((subcategory) => (
            <SubcategoryItem key={subcategory.id} subcategory={subcategory} />
          ))}
        </ul>
      )}
    </CatalogSection>
  );
}

import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Pfield } from '../../../../shared/schemas/catalog';
import { fieldOptions, pfieldSubKey, subFieldOf } from '../../../../shared/domain/pfield-values';
import { useCatalogLabels } from '../../../lib/catalog-labels';
import { emptyField, type FieldFilter } from '../search-state';
import { PanelField, PanelGroup } from './panel-field';
import './field-filters.css';
import './search-panel.css';

// The 'so advanced' mode (SPEC §2): the chosen subcategory's own fields. select and radio pick
// one value, checkbox requires every ticked value, number takes a range (either bound), text an
// exact value: what the server's `pfield_{id}` filters read (docs/search.md). A chosen value that
// opens a sub-field (a brand → its models, SPEC §3) adds a list of its values, `pfield_{id}_sub`.

interface FieldFiltersProps {
  fields: Pfield[];
  values: Record<string, FieldFilter>;
  onChange: (id: number, value: FieldFilter) => void;
  /** Messages by `pfield_{id}` (the server's answer). */
  errors: Record<string, string[]>;
}

export function FieldFilters({ fields, values, onChange, errors }: FieldFiltersProps) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();

  return (
    <div className="search-panel__grid">
      {fields.map((field) => {
        const current = values[field.id] ?? emptyField();
        const set = (patch: Partial<FieldFilter>) => onChange(field.id, { ...current, ...patch });
        /** Choosing another value forgets the sub-field's (its list changes). */
        const choose = (patch: Partial<FieldFilter>) => {
          const next = { ...current, ...patch };
          if ('values' in patch) delete next.sub;
          onChange(field.id, next);
        };
        const sub = field.type === 'checkbox' ? undefined : subFieldOf(field, current.values[0]);
        const subKey = pfieldSubKey(field.id);
        const subFilter = sub && (
          <PanelField key={subKey} label={labels.name(sub)} errors={errors[subKey]}>
            {(control) => (
              <select
                {...control}
                name={subKey}
                value={current.sub ?? ''}
                onChange={(event) => set({ sub: event.target.value })}
              >
                <option value="">{t('any_value')}</option>
                {sub.values.map(({ value }) => (
                  <option key={value} value={value}>
                    {labels.value(field, value)}
                  </option>
                ))}
              </select>
            )}
          </PanelField>
        );
        return (
          <Fragment key={field.id}>
            {fieldFilter(field, current, choose)}
            {subFilter}
          </Fragment>
        );
      })}
    </div>
  );

  /** The filter of one field. */
  function fieldFilter(
    field: Pfield,
    current: FieldFilter,
    set: (patch: Partial<FieldFilter>) => void,
  ): ReactNode {
    const unit = labels.unit(field.mesure_unit);
    const label = unit ? `${labels.name(field)} (${unit})` : labels.name(field);
    const fieldErrors = errors[`pfield_${field.id}`];
    const options = fieldOptions(field);
    switch (field.type) {
      case 'select':
        return (
          <PanelField key={field.id} label={label} errors={fieldErrors}>
            {(control) => (
              <select
                {...control}
                name={`pfield_${field.id}`}
                value={current.values[0] ?? ''}
                onChange={(event) =>
                  set({ values: event.target.value ? [event.target.value] : [] })
                }
              >
                <option value="">{t('any_value')}</option>
                {options.map((value) => (
                  <option key={value} value={value}>
                    {labels.value(field, value)}
                  </option>
                ))}
              </select>
            )}
          </PanelField>
        );
      case 'radio':
      case 'checkbox': {
        const multiple = field.type === 'checkbox';
        return (
          <PanelGroup key={field.id} legend={label} errors={fieldErrors}>
            {!multiple && (
              <label className="choice">
                <input
                  type="radio"
                  name={`pfield_${field.id}`}
                  value=""
                  checked={current.values.length === 0}
                  onChange={() => set({ values: [] })}
                />
                {t('any_value')}
              </label>
            )}
            {options.map((value) => (
              <label key={value} className="choice">
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`pfield_${field.id}`}
                  value={value}
                  checked={current.values.includes(value)}
                  onChange={(event) =>
                    set({
                      values: !multiple
                        ? [value]
                        : event.target.checked
                          ? [...current.values, value]
                          : current.values.filter((v) => v !== value),
                    })
                  }
                />
                {labels.value(field, value)}
              </label>
            ))}
          </PanelGroup>
        );
      }
      case 'number':
        return (
          <PanelGroup key={field.id} legend={label} errors={fieldErrors}>
            <div className="range-inputs">
              <label className="range-inputs__item">
                <span>{t('range_from')}</span>
                <input
                  className="field__input"
                  name={`pfield_${field.id}_min`}
                  inputMode="decimal"
                  value={current.min}
                  onChange={(event) => set({ min: event.target.value, values: [] })}
                />
              </label>
              <label className="range-inputs__item">
                <span>{t('range_to')}</span>
                <input
                  className="field__input"
                  name={`pfield_${field.id}_max`}
                  inputMode="decimal"
                  value={current.max}
                  onChange={(event) => set({ max: event.target.value, values: [] })}
                />
              </label>
            </div>
          </PanelGroup>
        );
      default:
        return (
          <PanelField key={field.id} label={label} errors={fieldErrors}>
            {(control) => (
              <input
                {...control}
                className="field__input"
                name={`pfield_${field.id}`}
                value={current.values[0] ?? ''}
                onChange={(event) =>
                  set({ values: event.target.value ? [event.target.value] : [] })
                }
              />
            )}
          </PanelField>
        );
    }
  }
}

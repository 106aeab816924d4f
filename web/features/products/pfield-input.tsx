import { useTranslation } from '../../lib/use-translation';
import type { Pfield } from '../../../shared/schemas/catalog';
import {
  PFIELD_TEXT_MAX,
  pfieldSubKey,
  readFieldValues,
  subFieldOf,
} from '../../../shared/domain/pfield-values';
import { FormField, useErrorText } from '../../components/form-field';
import { numberInputProps } from '../../components/number-input';
import { useCatalogLabels } from '../../lib/catalog-labels';
import './pfield-input.css';

export type PfieldValue = string | string[];

interface PfieldInputProps {
  field: Pfield;
  value: PfieldValue;
  onChange: (value: PfieldValue) => void;
  errors?: string[];
  /** The sub-field's value (SPEC §3: a brand's model), '' for none. */
  sub?: string;
  onSubChange?: (value: string) => void;
  subErrors?: string[];
}

/**
 * One extra field of a subcategory (SPEC §3): text and number inputs, a select, a radio group or
 * a group of checkboxes. Values of a `translated` field are dictionary keys shown in the page's
 * language; the others read as typed. Every extra field is optional.
 */
export function PfieldInput(props: PfieldInputProps) {
  const { field, value, sub, onSubChange, subErrors } = props;
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const subField = typeof value === 'string' ? subFieldOf(field, value) : undefined;
  const name = pfieldSubKey(field.id);
  return (
    <>
      <MainInput {...props} />
      {subField && (
        <FormField
          name={name}
          label={labels.name(subField)}
          optional
          errors={subErrors}
          render={(control) => (
            <select
              {...control}
              className="field__input"
              value={sub ?? ''}
              onChange={(e) => onSubChange?.(e.target.value)}
            >
              <option value="">{t('not_specified')}</option>
              {subField.values.map((item) => (
                <option key={item.value} value={item.value}>
                  {labels.value(field, item.value)}
                </option>
              ))}
            </select>
          )}
        />
      )}
    </>
  );
}

/** The field's own control; choosing another value forgets the sub-field's (its list changes). */
function MainInput({ field, value, onChange: setValue, errors, onSubChange }: PfieldInputProps) {
  const onChange = (next: PfieldValue) => {
    setValue(next);
    if (next !== value) onSubChange?.('');
  };
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const label = labels.name(field);
  const unit = labels.unit(field.mesure_unit);
  const name = `pfield_${field.id}`;
  const options = (readFieldValues(field.values) ?? []).map((item) => ({
    value: item.value,
    label: labels.value(field, item.value),
  }));
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];

  if (field.type === 'radio' || field.type === 'checkbox') {
    const errorId = errors?.length ? `${name}-errors` : undefined;
    return (
      <fieldset
        className={errors?.length ? 'field choice-group field--invalid' : 'field choice-group'}
        aria-describedby={errorId}
        data-field={name}
      >
        <legend className="field__label">
          {label}
          <span className="field__optional"> ({t('optional')})</span>
        </legend>
        <div className="choice-group__options">
          {field.type === 'radio' && (
            <label className="choice">
              <input
                type="radio"
                name={name}
                value=""
                checked={text === ''}
                onChange={() => onChange('')}
              />
              <span>{t('not_specified')}</span>
            </label>
          )}
          {options.map((option) => (
            <label key={option.value} className="choice">
              {field.type === 'radio' ? (
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={text === option.value}
                  aria-invalid={!!errors?.length}
                  onChange={() => onChange(option.value)}
                />
              ) : (
                <input
                  type="checkbox"
                  name={name}
                  value={option.value}
                  checked={list.includes(option.value)}
                  aria-invalid={!!errors?.length}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? // Kept in the field's own order, as the server stores them.
                          options
                            .map((o) => o.value)
                            .filter((v) => v === option.value || list.includes(v))
                        : list.filter((v) => v !== option.value),
                    )
                  }
                />
              )}
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        {errorId && <FieldErrors id={errorId} errors={errors!} />}
      </fieldset>
    );
  }

  const fullLabel = unit ? `${label} (${unit})` : label;
  if (field.type === 'select') {
    return (
      <FormField
        name={name}
        label={fullLabel}
        optional
        errors={errors}
        render={(props) => (
          <select
            {...props}
            className="field__input"
            value={text}
            onChange={(e) => onChange(e.target.value)}
          >
            <option value="">{t('not_specified')}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      />
    );
  }
  return (
    <FormField
      name={name}
      label={fullLabel}
      optional
      errors={errors}
      {...(field.type === 'number' ? numberInputProps('decimal') : { type: 'text', dir: 'auto' })}
      value={text}
      maxLength={field.type === 'text' ? PFIELD_TEXT_MAX : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Errors under a group of controls (a fieldset has no FormField of its own). */
export function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  const errorText = useErrorText();
  return (
    <ul id={id} className="field__errors">
      {errors.map((key) => (
        <li key={key}>{errorText(key)}</li>
      ))}
    </ul>
  );
}

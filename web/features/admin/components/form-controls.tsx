import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { YesNo } from '../../../../shared/constants';
import { FormField, useErrorText } from '../../../components/form-field';
import './form-controls.css';

// Controls of the catalogue forms, built on the shared FormField (label, hint, errors under it).

interface YesNoFieldProps {
  name: string;
  label: string;
  defaultValue: YesNo;
  hint?: string;
  errors?: string[];
}

/**
 * A yes/no flag (SPEC's 'yes'/'no' strings): its label at the start of the row, and two radio
 * buttons drawn as a switch at the end.
 */
export function YesNoField({ name, label, defaultValue, hint, errors }: YesNoFieldProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={errors?.length ? 'yes-no field--invalid' : 'yes-no'}>
      <div
        className="yes-no__row"
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        aria-invalid={!!errors?.length}
      >
        <span id={labelId} className="yes-no__label">
          {label}
        </span>
        <span className="yes-no__options">
          {(['yes', 'no'] as const).map((value) => (
            <label key={value} className="yes-no__option">
              <input
                type="radio"
                name={name}
                value={value}
                defaultChecked={defaultValue === value}
              />
              <span>{t(value)}</span>
            </label>
          ))}
        </span>
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {errorId && (
        <ul id={errorId} className="field__errors">
          {errors!.map((key) => (
            <li key={key}>{errorText(key)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string;
  hint?: string;
  errors?: string[];
}

export function SelectField({
  name,
  label,
  options,
  defaultValue,
  hint,
  errors,
}: SelectFieldProps) {
  return (
    <FormField
      name={name}
      label={label}
      hint={hint}
      errors={errors}
      render={(control) => (
        <select {...control} defaultValue={defaultValue}>
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

/** The unit choices: none first, then each unit with its name and its code. */
export function useUnitOptions(units: readonly string[]) {
  const { t } = useTranslation();
  return units.map((unit) => ({
    value: unit,
    label: unit ? `${t(`unit_${unit}`)} (${unit})` : t('admin_unit_none'),
  }));
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  availableNumber,
  checkCommand,
  commandRules,
  numberLocked,
  showsTotal,
  totalPrice,
} from '../../../../shared/domain/commands';
import type { Product } from '../../../../shared/schemas/products';
import { dealKind } from '../../../../shared/domain/products';
import { FormAlert, FormField, SubmitButton } from '../../../components/form-field';
import { numberInputProps } from '../../../components/number-input';
import { formatNumber, formatRentMoment } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { isLanguage } from '../../../lib/i18n';
import { useFormErrors } from '../../../lib/use-form-errors';
import type { Command } from '../api/command';
import { createCommand } from '../api/create-command';
import { updateCommand } from '../api/update-command';
import { COMMAND_FIELDS, commandFormErrors, targetOf } from '../form-rules';
import './command-form.css';

interface CommandFormProps {
  product: Product;
  /** Editing this command; otherwise a new one. */
  command?: Command;
  onSaved: (command: Command) => void;
  onCancel: () => void;
}

const asText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A rent's start (ISO, UTC: Mauritania's time) as its input shows it: a day, or a day and time. */
const startInput = (iso: string, hourly: boolean) => iso.slice(0, hourly ? 16 : 10);

/**
 * SPEC §5's command form, for a new command or an edit: quantity (countable; disabled when one
 * unit is left), period (rentable), price (priceable; disabled when not negotiable), private,
 * text, and the total when it differs from the price. Checked in the browser with the server's
 * own rules before sending.
 */
export function CommandForm({ product, command, onSaved, onCancel }: CommandFormProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const target = targetOf(product);
  const rules = commandRules(target);
  const locked = numberLocked(target);
  const demand = product.type === 'demand';
  const deal = dealKind(product);
  const hourly = product.offer_type === 'hourly_rent';
  const allPrivate = product.private === 'yes';
  const { formRef, errors, clear, fromError } = useFormErrors(COMMAND_FIELDS);
  const [saving, setSaving] = useState(false);
  const [values, setValues] = useState({
    number: asText(command?.number ?? 1),
    // SPEC §9: period 1 by default (none for a sale).
    period: command ? asText(command.period) : rules.rentable ? '1' : '',
    price: asText(command ? command.price : product.price),
    starts_at: command?.starts_at ? startInput(command.starts_at, hourly) : '',
    private: allPrivate || command?.private === 'yes',
    text: command?.text ?? '',
  });

  // A changed value makes the shown errors stale: they go until the next submit.
  const set = (field: keyof typeof values) => (value: string | boolean) => {
    setValues((old) => ({ ...old, [field]: value }));
    if (errors.general.length || Object.keys(errors.fields).length) clear();
  };

  const check = checkCommand(
    {
      number: locked ? 1 : values.number,
      period: values.period,
      price: values.price,
      starts_at: values.starts_at,
    },
    target,
  );
  const total = check.ok && showsTotal(check.value, rules) ? totalPrice(check.value, rules) : null;
  const money = (amount: number) =>
    t('price_amount', { amount: formatNumber(amount, language), currency: t('currency') });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!check.ok) {
      fromError(new HttpError(422, commandFormErrors(check.errors, deal)));
      return;
    }
    clear();
    setSaving(true);
    const body = {
      ...check.value,
      private: values.private ? ('yes' as const) : ('no' as const),
      text: values.text.trim() || null,
    };
    try {
      const saved = command
        ? await updateCommand(command.id, body)
        : await createCommand(product.id, body);
      onSaved(saved);
    } catch (error) {
      fromError(
        error instanceof HttpError
          ? new HttpError(error.status, commandFormErrors(error.errors, deal))
          : error,
      );
      setSaving(false);
    }
  }

  const available = availableNumber(target);
  return (
    <form method="post" ref={formRef} className="command-form" onSubmit={submit} noValidate>
      <FormAlert messages={errors.general} />
      <div className="command-form__numbers">
        {rules.countable && (
          <FormField
            name="number"
            {...numberInputProps()}
            label={t('quantity')}
            hint={
              demand
                ? t('command_demanded_count', { count: available })
                : t('command_available_count', { count: available })
            }
            value={locked ? '1' : values.number}
            disabled={locked}
            onChange={(event) => set('number')(event.target.value)}
            errors={errors.fields.number}
          />
        )}
        {rules.rentable && (
          <FormField
            name="period"
            {...numberInputProps()}
            label={product.offer_type === 'hourly_rent' ? t('period_hours') : t('period_months')}
            optional
            value={values.period}
            onChange={(event) => set('period')(event.target.value)}
            errors={errors.fields.period}
          />
        )}
        {rules.rentable && (
          <FormField
            name="starts_at"
            type={hourly ? 'datetime-local' : 'date'}
            label={t('rent_start')}
            optional
            hint={
              product.available_number === 0 && product.available_from
                ? t('rent_start_hint_from', {
                    date: formatRentMoment(product.available_from, product.unit, language),
                  })
                : t('rent_start_hint')
            }
            value={values.starts_at}
            onChange={(event) => set('starts_at')(event.target.value)}
            errors={errors.fields.starts_at}
          />
        )}
        {rules.priceable && (
          <FormField
            name="price"
            {...numberInputProps()}
            label={`${rules.countable || rules.rentable ? t('unit_price') : t('command_price')} (${t('currency')})`}
            hint={rules.priceFixed ? t('price_not_negotiable') : undefined}
            value={rules.priceFixed ? asText(product.price) : values.price}
            disabled={rules.priceFixed}
            onChange={(event) => set('price')(event.target.value)}
            errors={errors.fields.price}
          />
        )}
      </div>
      {total !== null && (
        <p className="command-form__total" aria-live="polite">
          <span>{t('total_price')}</span>
          <strong>{money(total)}</strong>
        </p>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          name="private"
          checked={values.private}
          disabled={allPrivate}
          onChange={(event) => set('private')(event.target.checked)}
        />
        <span>
          {demand ? t('private_proposal') : t('private_command')}
          <small className="checkbox__hint">{t('private_hint')}</small>
        </span>
      </label>
      <FormField
        name="text"
        label={t('command_text')}
        optional
        errors={errors.fields.text}
        render={(control) => (
          <textarea
            {...control}
            rows={3}
            placeholder={t('command_text_placeholder')}
            value={values.text}
            onChange={(event) => set('text')(event.target.value)}
          />
        )}
      />
      <div className="command-form__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={saving}>
          {t('cancel')}
        </button>
        <SubmitButton loading={saving} loadingLabel={t('sending')}>
          {command ? t('save_changes') : demand ? t('add_proposal') : t('add_command')}
        </SubmitButton>
      </div>
    </form>
  );
}

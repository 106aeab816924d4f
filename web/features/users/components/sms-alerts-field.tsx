import { useErrorText } from '../../../components/form-field';
import { useTranslation } from '../../../lib/use-translation';
import type { Me } from '../../../lib/use-me';
import './sms-alerts-field.css';

// Issue 32: "SMS alerts" of the profile form (sms_alerts): an SMS when an offer or demand is about
// to expire, besides the bell. Turned on for a verified number only (the server refuses
// otherwise): while phone_1 is not verified the box cannot be ticked, and says why; once on, it
// can always be turned off.

export const SMS_ALERTS = 'sms_alerts';

/** The form's value: 'yes' or 'no', or nothing when the box cannot change (so nothing is sent). */
export function smsAlertsValue(form: HTMLFormElement): 'yes' | 'no' | undefined {
  const box = form.elements.namedItem(SMS_ALERTS);
  if (!(box instanceof HTMLInputElement) || box.disabled) return undefined;
  return box.checked ? 'yes' : 'no';
}

export function SmsAlertsField({ me, errors }: { me: Me; errors?: string[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const locked = !me.phone_verified_at && !me.sms_alerts;
  return (
    <div className={errors?.length ? 'field field--invalid sms-alerts' : 'field sms-alerts'}>
      <label className="checkbox">
        <input
          type="checkbox"
          name={SMS_ALERTS}
          value="yes"
          defaultChecked={me.sms_alerts}
          disabled={locked}
          aria-invalid={!!errors?.length}
        />
        <span>
          <span className="checkbox__label">{t('sms_alerts')}</span>
          <span className="field__hint">
            {locked ? t('sms_alerts_needs_verified') : t('sms_alerts_hint')}
          </span>
        </span>
      </label>
      {!!errors?.length && (
        <ul className="field__errors">
          {errors.map((key) => (
            <li key={key}>{errorText(key)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

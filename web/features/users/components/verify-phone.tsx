import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { parseDigitCode } from '../../../../shared/domain/one-time-code';
import { FormAlert, FormField, SubmitButton } from '../../../components/form-field';
import { VerifiedBadge } from '../../../components/verified-badge';
import { formErrorsOf, noErrors, type FormErrors } from '../../../lib/form-errors';
import type { Me } from '../../../lib/use-me';
import { useSendPhoneCode, useVerifyPhone } from '../api/phone-verify';
import './verify-phone.css';

/**
 * Issue 21: "verify my number" on the profile page: a code by SMS to phone_1, typed (or filled in
 * by Android from the SMS) to get the "verified number" badge. Changing phone_1 removes the badge.
 */
export function VerifyPhone({ me }: { me: Me }) {
  const { t } = useTranslation();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noErrors);

  if (me.phone_verified_at) {
    return (
      <section className="verify-phone" aria-label={t('phone_verified')}>
        <p>
          <VerifiedBadge verifiedAt={me.phone_verified_at} /> {me.phone_1}
        </p>
      </section>
    );
  }

  async function onSend() {
    setErrors(noErrors);
    try {
      await send.mutateAsync();
      setSent(true);
    } catch (error) {
      setErrors(formErrorsOf(error, []));
    }
  }

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = parseDigitCode(String(new FormData(event.currentTarget).get('code') ?? ''));
    if (typed === null) {
      setErrors({ fields: { code: ['code_format'] }, general: [] });
      return;
    }
    setErrors(noErrors);
    try {
      await verify.mutateAsync(typed);
    } catch (error) {
      setErrors(formErrorsOf(error, ['code']));
    }
  }

  return (
    <section className="verify-phone" aria-label={t('verify_phone')}>
      <p>{t('phone_not_verified')}</p>
      <p>{t('verify_phone_why')}</p>
      <FormAlert messages={errors.general} />
      {!sent ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={onSend}
          disabled={send.isPending}
        >
          {t('verify_phone')}
        </button>
      ) : (
        <form method="post" className="form" noValidate onSubmit={onVerify}>
          <p role="status">{t('verify_phone_sent', { phone: me.phone_1 })}</p>
          <FormField
            name="code"
            label={t('code')}
            errors={errors.fields.code}
            autoComplete="one-time-code"
            inputMode="numeric"
            dir="ltr"
            maxLength={20}
            autoFocus
          />
          <SubmitButton loading={verify.isPending} loadingLabel={t('saving')}>
            {t('verify_phone_submit')}
          </SubmitButton>
          <button type="button" className="button button--secondary" onClick={onSend}>
            {t('send_code_again')}
          </button>
        </form>
      )}
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router';
import { LANGUAGES } from '../../../shared/constants';
import { PROFILE_FIELDS, profileBody } from '../../../shared/schemas/users';
import { FormAlert, FormField, SubmitButton } from '../../components/form-field';
import { UserIcon } from '../../components/icons';
import { appendImage, ImageField, type ImageChoice } from '../../components/image-field';
import { Loader } from '../../components/loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formValues, useFormErrors } from '../../lib/use-form-errors';
import { useMe, type Me } from '../../lib/use-me';
import { useUpdateProfile } from './api/update-profile';
import { VerifyPhone } from './components/verify-phone';
import { OwnData } from './components/own-data';
import { SmsAlertsField, smsAlertsValue } from './components/sms-alerts-field';
import './profile-page.css';
import { Redirect } from '../../components/redirect';

// DESIGN §4: PUT /users/{id}: names, phones, WhatsApp number, e-mail, more infos, language, photo
// and cover, and (issue 32) SMS alerts. Checked with the shared schema first; the server's errors
// come under their fields.

function ProfileForm({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile(me.id);
  const navigate = useNavigate();
  const { formRef, errors, clear, fromIssues, fromError } = useFormErrors(PROFILE_FIELDS);
  const [photo, setPhoto] = useState<ImageChoice>(null);
  const [cover, setCover] = useState<ImageChoice>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fields = errors.fields;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    // An unticked box is not in the form's data: its 'no' is sent explicitly.
    delete values.sms_alerts;
    const smsAlerts = smsAlertsValue(event.currentTarget);
    if (smsAlerts) values.sms_alerts = smsAlerts;
    const parsed = profileBody.safeParse(values);
    if (!parsed.success) return fromIssues(parsed.error.issues);
    clear();
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, value);
    appendImage(form, 'photo', photo);
    appendImage(form, 'cover', cover);
    const uploading = [photo, cover].some((choice) => choice && 'file' in choice);
    setProgress(null);
    try {
      const user = await update.mutateAsync({
        form,
        onUploadProgress: uploading ? setProgress : undefined,
      });
      if (user.language && user.language !== i18n.language) {
        // Another language: the whole interface switches, as after signing in.
        window.location.assign(paths.user(me.id));
      } else {
        navigate(paths.user(me.id));
      }
    } catch (error) {
      fromError(error);
    }
  }

  const text = (
    name: (typeof PROFILE_FIELDS)[number] & keyof Me,
    options: Partial<Parameters<typeof FormField>[0]> = {},
  ) => (
    <FormField
      name={name}
      label={t(name)}
      errors={fields[name]}
      defaultValue={(me[name] as string | null) ?? ''}
      {...options}
    />
  );

  return (
    <form method="post" ref={formRef} className="form profile-form" noValidate onSubmit={onSubmit}>
      <FormAlert messages={errors.general} />
      <fieldset className="form-section">
        <legend className="form-section__title">{t('profile_identity')}</legend>
        <div className="form__row">
          {text('first_name', { autoComplete: 'given-name', maxLength: 60, dir: 'auto' })}
          {text('last_name', { autoComplete: 'family-name', maxLength: 60, dir: 'auto' })}
        </div>
        <div className="profile-form__images">
          <ImageField
            name="photo"
            label={t('photo')}
            shape="round"
            currentUrl={me.photo_small_url}
            choice={photo}
            onChange={setPhoto}
            errors={fields.photo}
          />
          <ImageField
            name="cover"
            label={t('cover')}
            shape="wide"
            currentUrl={me.cover_small_url}
            choice={cover}
            onChange={setCover}
            errors={fields.cover}
          />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section__title">{t('profile_contact')}</legend>
        <div className="form__row">
          {text('phone_1', {
            type: 'tel',
            inputMode: 'tel',
            dir: 'ltr',
            autoComplete: 'tel-national',
            hint: t('phone_hint'),
          })}
          {text('phone_2', { type: 'tel', inputMode: 'tel', dir: 'ltr', optional: true })}
          {text('whatsapp_number', { type: 'tel', inputMode: 'tel', dir: 'ltr', optional: true })}
          {text('email', { type: 'email', dir: 'ltr', autoComplete: 'email', optional: true })}
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section__title">{t('profile_more')}</legend>
        <FormField
          name="language"
          label={t('language')}
          errors={fields.language}
          render={(control) => (
            <select {...control} defaultValue={me.language ?? i18n.language}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`language_${language}`)}
                </option>
              ))}
            </select>
          )}
        />
        <SmsAlertsField me={me} errors={fields.sms_alerts} />
        <FormField
          name="more_infos"
          label={t('more_infos')}
          optional
          errors={fields.more_infos}
          render={(control) => (
            <textarea
              {...control}
              rows={5}
              maxLength={2000}
              dir="auto"
              defaultValue={me.more_infos ?? ''}
            />
          )}
        />
      </fieldset>
      <SubmitButton
        loading={update.isPending}
        loadingLabel={
          progress !== null && progress < 1
            ? t('uploading_percent', { percent: Math.round(progress * 100) })
            : t('saving')
        }
        className="button--block"
      >
        {t('save_changes')}
      </SubmitButton>
    </form>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('edit_profile'));
  const me = useMe();
  if (me.isPending) return <Loader block />;
  if (!me.data) {
    return <Redirect to={`${paths.signIn}?next=${encodeURIComponent(paths.profileEdit)}`} />;
  }
  return (
    <div className="container form-page">
      <header className="form-page__header">
        <span className="form-page__icon">
          <UserIcon size={26} />
        </span>
        <h1 className="form-page__title">{t('edit_profile')}</h1>
      </header>
      <div className="card form-page__card">
        <VerifyPhone me={me.data} />
      </div>
      <div className="card form-page__card">
        <ProfileForm me={me.data} />
      </div>
      <OwnData me={me.data} />
    </div>
  );
}

export { ProfilePage as Component };

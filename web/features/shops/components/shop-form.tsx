import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Point } from '../../../../shared/domain/route-mode';
import { createShopBody, updateShopBody, type Shop } from '../../../../shared/schemas/shops';
import { FormAlert, FormField, SubmitButton, useErrorText } from '../../../components/form-field';
import { appendImage, ImageField, type ImageChoice } from '../../../components/image-field';
import { PlacePicker } from '../../../components/place-picker';
import { isLanguage } from '../../../lib/i18n';
import { formValues, useFormErrors } from '../../../lib/use-form-errors';
import { usePcategories } from '../../../lib/catalog';
import { catalogName } from '../../../../shared/domain/catalog-names';
import './shop-form.css';

// SPEC §3: every field of a shop, the logo and cover with previews, the place picked on the map.
// The shared schema checks the text fields in the browser first (same keys as the server); the
// images are checked by ImageField; then everything goes as one multipart request.

export const SHOP_FORM_FIELDS = [
  'name',
  'pcategory_id',
  'is_professional',
  'description',
  'phone_1',
  'phone_2',
  'first_whatsapp_number',
  'second_whatsapp_number',
  'email',
  'more_infos',
  'logo',
  'cover',
  'latitude',
  'longitude',
] as const;

const PHONES = [
  ['phone_1', 'phone_1'],
  ['phone_2', 'phone_2'],
  ['first_whatsapp_number', 'first_whatsapp_number'],
  ['second_whatsapp_number', 'second_whatsapp_number'],
] as const;

interface ShopFormProps {
  shop?: Shop;
  submitLabel: string;
  save: (form: FormData, onUploadProgress?: (fraction: number) => void) => Promise<unknown>;
}

/** The form's text values and choices as the multipart body of create or edit. */
export function shopFormData(
  values: Record<string, string>,
  location: Point | null,
  images: { logo: ImageChoice; cover: ImageChoice },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  form.set('is_professional', values.is_professional === 'yes' ? 'yes' : 'no');
  form.set('latitude', location ? String(location.latitude) : '');
  form.set('longitude', location ? String(location.longitude) : '');
  appendImage(form, 'logo', images.logo);
  appendImage(form, 'cover', images.cover);
  return form;
}

export function ShopForm({ shop, submitLabel, save }: ShopFormProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const errorText = useErrorText();
  const categories = usePcategories();
  const { formRef, errors, clear, fromIssues, fromError } = useFormErrors(SHOP_FORM_FIELDS);
  const [logo, setLogo] = useState<ImageChoice>(null);
  const [cover, setCover] = useState<ImageChoice>(null);
  const [location, setLocation] = useState<Point | null>(
    shop && shop.latitude !== null && shop.longitude !== null
      ? { latitude: shop.latitude, longitude: shop.longitude }
      : null,
  );
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const locationLabel = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    values.is_professional = values.is_professional === 'yes' ? 'yes' : 'no';
    values.latitude = location ? String(location.latitude) : '';
    values.longitude = location ? String(location.longitude) : '';
    const schema = shop ? updateShopBody : createShopBody;
    const parsed = schema.safeParse(values);
    if (!parsed.success) return fromIssues(parsed.error.issues);
    clear();
    setSaving(true);
    setProgress(null);
    try {
      // Progress only means something when files go up (it switches the transport to XHR).
      const uploading = [logo, cover].some((choice) => choice && 'file' in choice);
      await save(
        shopFormData(values, location, { logo, cover }),
        uploading ? setProgress : undefined,
      );
    } catch (error) {
      fromError(error);
    } finally {
      setSaving(false);
    }
  }

  const fieldErrors = errors.fields;
  const locationErrors = [...(fieldErrors.latitude ?? []), ...(fieldErrors.longitude ?? [])];
  const textarea = (name: 'description' | 'more_infos', rows: number) => (
    <FormField
      name={name}
      label={t(name)}
      optional
      errors={fieldErrors[name]}
      render={(control) => (
        <textarea
          {...control}
          rows={rows}
          maxLength={2000}
          dir="auto"
          defaultValue={shop?.[name] ?? ''}
        />
      )}
    />
  );

  return (
    <form method="post" ref={formRef} className="form shop-form" noValidate onSubmit={onSubmit}>
      <FormAlert messages={errors.general} />

      <fieldset className="form-section">
        <legend className="form-section__title">{t('shop_identity')}</legend>
        <FormField
          name="name"
          label={t('shop_name')}
          errors={fieldErrors.name}
          defaultValue={shop?.name ?? ''}
          maxLength={100}
          dir="auto"
          autoComplete="organization"
        />
        <FormField
          name="pcategory_id"
          label={t('shop_category')}
          optional
          errors={fieldErrors.pcategory_id}
          render={(control) => (
            <select
              {...control}
              defaultValue={shop?.pcategory_id ?? ''}
              key={categories.data ? 'loaded' : 'loading'}
            >
              <option value="">{t('no_category')}</option>
              {categories.data?.map((category) => (
                <option key={category.id} value={category.id}>
                  {catalogName(category, language, t, (key) => i18n.exists(key))}
                </option>
              ))}
            </select>
          )}
        />
        <div className={fieldErrors.is_professional ? 'field field--invalid' : 'field'}>
          <label className="checkbox">
            <input
              type="checkbox"
              name="is_professional"
              value="yes"
              defaultChecked={shop?.is_professional ?? false}
              aria-invalid={!!fieldErrors.is_professional}
            />
            <span>
              <span className="checkbox__label">{t('is_professional')}</span>
              <span className="field__hint">{t('is_professional_hint')}</span>
            </span>
          </label>
          {fieldErrors.is_professional && (
            <ul className="field__errors">
              {fieldErrors.is_professional.map((key) => (
                <li key={key}>{errorText(key)}</li>
              ))}
            </ul>
          )}
        </div>
        {textarea('description', 4)}
        {textarea('more_infos', 4)}
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__title">{t('shop_contact')}</legend>
        <div className="form__row">
          {PHONES.map(([name, label]) => (
            <FormField
              key={name}
              name={name}
              label={t(label)}
              optional
              type="tel"
              inputMode="tel"
              dir="ltr"
              autoComplete="off"
              errors={fieldErrors[name]}
              defaultValue={shop?.[name] ?? ''}
            />
          ))}
        </div>
        <FormField
          name="email"
          label={t('email')}
          optional
          type="email"
          dir="ltr"
          autoComplete="email"
          errors={fieldErrors.email}
          defaultValue={shop?.email ?? ''}
        />
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__title">{t('shop_images')}</legend>
        <div className="shop-form__images">
          <ImageField
            name="logo"
            label={t('logo')}
            shape="square"
            currentUrl={shop?.logo_small_url ?? null}
            choice={logo}
            onChange={setLogo}
            errors={fieldErrors.logo}
          />
          <ImageField
            name="cover"
            label={t('cover')}
            shape="wide"
            currentUrl={shop?.cover_small_url ?? null}
            choice={cover}
            onChange={setCover}
            errors={fieldErrors.cover}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__title" id={locationLabel}>
          {t('shop_location')}
        </legend>
        <p className="field__hint">{t('shop_location_hint')}</p>
        <PlacePicker value={location} onChange={setLocation} labelledBy={locationLabel} mapOpen />
        {locationErrors.length > 0 && (
          <ul className="field__errors">
            {[...new Set(locationErrors)].map((key) => (
              <li key={key}>{errorText(key)}</li>
            ))}
          </ul>
        )}
      </fieldset>

      <SubmitButton
        loading={saving}
        loadingLabel={
          progress !== null && progress < 1
            ? t('uploading_percent', { percent: Math.round(progress * 100) })
            : t('saving')
        }
        className="button--block"
      >
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

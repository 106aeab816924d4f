import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { CONTACT_METHODS, type Pfile } from '../../../shared/schemas/products';
import { FormField, useErrorText } from '../../components/form-field';
import { PlacePicker } from '../../components/place-picker';
import type { Errors } from '../../lib/http';
import { MediaInput, type AddedFile } from './media-input';
import { directionOf } from '../../../shared/domain/language';
import { bindInput, Section, type GroupProps } from './product-form-parts';
import './pfield-input.css';

/** The free text in Arabic and in French. */
export function MoreInfosFields({ values, set, errors }: GroupProps) {
  const { t } = useTranslation();
  const input = bindInput({ values, set });
  return (
    <Section title={t('more_infos')}>
      {(['ar', 'fr'] as const).map((lang) => {
        const name = `more_infos_${lang}` as const;
        return (
          <FormField
            key={lang}
            name={name}
            label={t(name)}
            optional
            errors={errors[name]}
            render={(props) => (
              <textarea
                {...props}
                className="field__input field__textarea"
                rows={4}
                maxLength={5000}
                dir={directionOf(lang)}
                lang={lang}
                {...input(name)}
              />
            )}
          />
        );
      })}
    </Section>
  );
}

/**
 * Where the offer is (SPEC §3's latitude and longitude): a town and moughataa from the list, a
 * point on the map or the device's position (issue 20: places, not coordinates).
 */
export function LocationFields({ values, set, errors }: GroupProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const label = useId();
  const latitude = Number(values.latitude);
  const longitude = Number(values.longitude);
  const value =
    values.latitude !== '' && values.longitude !== '' && Number.isFinite(latitude + longitude)
      ? { latitude, longitude }
      : null;
  const problems = [...new Set([...(errors.latitude ?? []), ...(errors.longitude ?? [])])];
  return (
    <Section title={t('product_location')}>
      <span id={label} className="visually-hidden">
        {t('product_location')}
      </span>
      <PlacePicker
        value={value}
        labelledBy={label}
        onChange={(point) => {
          set('latitude', point ? point.latitude.toFixed(6) : '');
          set('longitude', point ? point.longitude.toFixed(6) : '');
        }}
      />
      {problems.length > 0 && (
        <ul className="field__errors" data-field="latitude">
          {problems.map((key) => (
            <li key={key}>{errorText(key)}</li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** How buyers may reach the poster. */
export function ContactFields({ values, set }: Omit<GroupProps, 'errors'>) {
  const { t } = useTranslation();
  return (
    <Section title={t('contact_methods')}>
      <fieldset className="choice-group" data-field="contact_methods">
        <legend className="visually-hidden">{t('contact_methods')}</legend>
        <div className="choice-group__options">
          {CONTACT_METHODS.map((method) => (
            <label key={method} className="choice">
              <input
                type="checkbox"
                name="contact_methods"
                value={method}
                checked={values.contact_methods.includes(method)}
                onChange={(event) =>
                  set(
                    'contact_methods',
                    CONTACT_METHODS.filter((m) =>
                      m === method ? event.target.checked : values.contact_methods.includes(m),
                    ),
                  )
                }
              />
              <span>{t(`contact_${method}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </Section>
  );
}

interface MediaFieldsProps {
  existing: Pfile[];
  onRemoveExisting: (id: number) => void;
  added: AddedFile[];
  setAdded: (update: (old: AddedFile[]) => AddedFile[]) => void;
  errors: Errors;
  onBusyChange: (busy: boolean) => void;
}

/** Photos and videos: the offer's own, less those removed, and those picked now. */
export function MediaFields({ setAdded, errors, ...props }: MediaFieldsProps) {
  const { t } = useTranslation();
  return (
    <Section title={t('photos_videos')}>
      <MediaInput
        {...props}
        onAdd={(files) =>
          setAdded((old) => [
            ...old,
            ...files.map((file) => ({ key: crypto.randomUUID?.() ?? `${Math.random()}`, file })),
          ])
        }
        onRemoveAdded={(key) => setAdded((old) => old.filter((item) => item.key !== key))}
        serverErrors={[...(errors.files ?? []), ...(errors.removed_files ?? [])]}
      />
    </Section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GEOLOCATION } from '../../../shared/constants';
import { CONTACT_METHODS, type Pfile } from '../../../shared/schemas/products';
import { FormField } from '../../components/form-field';
import { PinIcon } from '../../components/icons';
import type { Errors } from '../../lib/http';
import { MediaInput, type AddedFile } from './media-input';
import { directionOf } from '../../../shared/domain/language';
import { bindInput, Section, type GroupProps } from './product-form-parts';
import './pfield-input.css';
import './product-form-details.css';

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

/** The point of the offer, typed or taken from the device (SPEC §8). */
export function LocationFields({ values, set, errors }: GroupProps) {
  const { t } = useTranslation();
  const input = bindInput({ values, set });
  const [locating, setLocating] = useState(false);

  function locate() {
    if (!navigator.geolocation) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        set('latitude', position.coords.latitude.toFixed(6));
        set('longitude', position.coords.longitude.toFixed(6));
      },
      // SPEC §8: a geolocation error is ignored silently.
      () => setLocating(false),
      {
        timeout: GEOLOCATION.timeoutMs,
        enableHighAccuracy: GEOLOCATION.enableHighAccuracy,
        maximumAge: GEOLOCATION.maximumAge,
      },
    );
  }

  return (
    <Section title={t('product_location')}>
      <div className="form__row">
        {(['latitude', 'longitude'] as const).map((name) => (
          <FormField
            key={name}
            name={name}
            label={t(name)}
            optional
            type="number"
            inputMode="decimal"
            step="any"
            dir="ltr"
            errors={errors[name]}
            {...input(name)}
          />
        ))}
      </div>
      <button
        type="button"
        className="button button--secondary product-form__locate"
        onClick={locate}
        disabled={locating}
        aria-busy={locating}
      >
        <PinIcon size={18} />
        {locating ? t('locating') : t('use_my_location')}
      </button>
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

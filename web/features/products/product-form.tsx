import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GEOLOCATION } from '../../../shared/constants';
import { can } from '../../../shared/domain/permissions';
import {
  CONTACT_METHODS,
  createProductBody,
  updateProductBody,
  type Product,
  type ProductType,
} from '../../../shared/schemas/products';
import { FormAlert, FormField, SubmitButton } from '../../components/form-field';
import { PinIcon } from '../../components/icons';
import { productQueryKey } from '../../components/product-query';
import { catalogName } from '../../components/product-text';
import { isLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useFormErrors } from '../../lib/use-form-errors';
import type { Me } from '../../lib/use-me';
import { createProduct, updateProduct, usePcategories, usePfields, usePsubcategories } from './api';
import { MediaInput, type AddedFile } from './media-input';
import { FieldErrors, PfieldInput, type PfieldValue } from './pfield-input';
import {
  emptyValues,
  fieldsToSend,
  offerTypesFor,
  pfieldValuesOf,
  valuesOf,
  type FormValues,
} from './product-form-values';

const BASE_FIELDS = [
  'shop_id',
  'pcategory_id',
  'psubcategory_id',
  'name',
  'name_ar',
  'name_fr',
  'more_infos_ar',
  'more_infos_fr',
  'description',
  'price',
  'offer_type',
  'negotiable',
  'used',
  'delivery',
  'private',
  'number',
  'distance',
  'latitude',
  'longitude',
  'contact_methods',
  'files',
  'removed_files',
];

interface ProductFormProps {
  type: ProductType;
  me: Me;
  /** The product being edited; a new one is posted without it. */
  product?: Product;
}

/**
 * Post or edit an offer or a demand (DESIGN §4): pick a subcategory, then fill what it allows
 * (SPEC §3), its extra fields, photos and videos (SPEC §5). Errors go under their fields.
 */
export function ProductForm({ type, me, product }: ProductFormProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const exists = (key: string) => i18n.exists(key);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = !!product;

  const [values, setValues] = useState<FormValues>(() =>
    product ? valuesOf(product) : emptyValues(type),
  );
  const [pcategoryId, setPcategoryId] = useState<number | null>(
    product?.psubcategory.pcategory.id ?? null,
  );
  const [psubcategoryId, setPsubcategoryId] = useState<number | null>(
    product?.psubcategory_id ?? null,
  );
  const [pfieldValues, setPfieldValues] = useState<Record<number, PfieldValue>>(() =>
    product ? pfieldValuesOf(product) : {},
  );
  const [added, setAdded] = useState<AddedFile[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [locating, setLocating] = useState(false);

  const pcategories = usePcategories();
  const psubcategories = usePsubcategories(pcategoryId);
  const pfields = usePfields(psubcategoryId);
  const sub = psubcategories.data?.find((s) => s.id === psubcategoryId) ?? null;
  const fieldList = pfields.data ?? [];
  const fieldNames = [...BASE_FIELDS, ...fieldList.map((f) => `pfield_${f.id}`)];
  const { formRef, errors: formErrors, clear, fromIssues, fromError } = useFormErrors(fieldNames);
  const errors = formErrors.fields;

  // Shops the user may post for (any member of a shop posts its offers, DESIGN §6).
  const shops = me.shops.filter((shop) => can.createProduct(me, shop.pivot.role));
  const shopChoice = !editing && shops.length > 1;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));

  const input = (key: keyof FormValues) => ({
    value: values[key] as string,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as never),
  });

  function locate() {
    if (!navigator.geolocation) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setValues((old) => ({
          ...old,
          latitude: position.coords.latitude.toFixed(6),
          longitude: position.coords.longitude.toFixed(6),
        }));
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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null || preparing) return;
    const fields = fieldsToSend({
      type,
      values,
      sub,
      psubcategoryId,
      pfields: fieldList,
      pfieldValues,
      shopChoice,
    });
    const parsed = (editing ? updateProductBody : createProductBody).safeParse(fields);
    const issues = parsed.success ? [] : [...parsed.error.issues];
    // SPEC §5: the available number cannot go below what is already sold.
    if (
      product &&
      sub?.can_be_counted === 'yes' &&
      Number(values.number) < product.sold_count &&
      !issues.some((issue) => issue.path[0] === 'number')
    ) {
      issues.push({ path: ['number'], message: 'number_already_sold' } as never);
    }
    if (issues.length) return fromIssues(issues);
    clear();

    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (removed.length) form.append('removed_files', JSON.stringify(removed));
    for (const { file } of added) form.append('files', file, file.name);
    setProgress(0);
    try {
      const saved = product
        ? await updateProduct(product.id, form, setProgress)
        : await createProduct(type, form, setProgress);
      queryClient.setQueryData(productQueryKey(saved.id), saved);
      // Lists that show it (search, shop, saved…) ask again.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'me' && query.queryKey[0] !== 'catalog',
      });
      navigate(paths.product(saved.id), { replace: editing });
    } catch (error) {
      setProgress(null);
      fromError(error);
    }
  }

  const demand = type === 'demand';
  const offerTypes = offerTypesFor(type, sub);
  const existing = (product?.pfiles ?? []).filter((file) => !removed.includes(file.id));
  const sending = progress !== null;
  const chosen = sub !== null;

  return (
    <form ref={formRef} className="form product-form" noValidate onSubmit={onSubmit}>
      <FormAlert messages={formErrors.general} />

      {shopChoice && (
        <FormField
          name="shop_id"
          label={t('post_as_shop')}
          errors={errors.shop_id}
          render={(props) => (
            <select {...props} className="field__input" {...input('shop_id')}>
              <option value="">{t('personal_shop_default')}</option>
              {shops.map((shop) => (
                <option key={shop.id} value={shop.id}>
                  {shop.name}
                </option>
              ))}
            </select>
          )}
        />
      )}

      <Section title={t('choose_category')}>
        <div className="form__row">
          <FormField
            name="pcategory_id"
            label={t('category')}
            errors={errors.pcategory_id}
            render={(props) => (
              <select
                {...props}
                className="field__input"
                value={pcategoryId ?? ''}
                disabled={pcategories.isPending}
                onChange={(event) => {
                  setPcategoryId(event.target.value ? Number(event.target.value) : null);
                  setPsubcategoryId(null);
                  setPfieldValues({});
                }}
              >
                <option value="">
                  {pcategories.isPending ? t('loading') : t('choose_category')}
                </option>
                {pcategories.data?.map((category) => (
                  <option key={category.id} value={category.id}>
                    {catalogName(category, language, t, exists)}
                  </option>
                ))}
              </select>
            )}
          />
          <FormField
            name="psubcategory_id"
            label={t('subcategory')}
            errors={errors.psubcategory_id}
            render={(props) => (
              <select
                {...props}
                className="field__input"
                value={psubcategoryId ?? ''}
                disabled={pcategoryId === null || psubcategories.isPending}
                onChange={(event) => {
                  setPsubcategoryId(event.target.value ? Number(event.target.value) : null);
                  setPfieldValues({});
                }}
              >
                <option value="">
                  {pcategoryId !== null && psubcategories.isPending
                    ? t('loading')
                    : t('choose_subcategory')}
                </option>
                {psubcategories.data?.map((subcategory) => (
                  <option key={subcategory.id} value={subcategory.id}>
                    {catalogName(subcategory, language, t, exists)}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
        {!chosen && <p className="field__hint">{t('choose_subcategory_first')}</p>}
      </Section>

      {chosen && (
        <>
          <Section title={t('product_main')}>
            <FormField
              name="name"
              label={t('product_name')}
              errors={errors.name}
              maxLength={200}
              dir="auto"
              {...input('name')}
            />
            <div className="form__row">
              <FormField
                name="name_ar"
                label={t('name_ar')}
                optional
                errors={errors.name_ar}
                maxLength={200}
                dir="rtl"
                lang="ar"
                {...input('name_ar')}
              />
              <FormField
                name="name_fr"
                label={t('name_fr')}
                optional
                errors={errors.name_fr}
                maxLength={200}
                dir="ltr"
                lang="fr"
                {...input('name_fr')}
              />
            </div>
            {offerTypes.length > 1 && (
              <FormField
                name="offer_type"
                label={t('offer_type')}
                errors={errors.offer_type}
                render={(props) => (
                  <select
                    {...props}
                    className="field__input"
                    value={values.offer_type}
                    onChange={(event) =>
                      set('offer_type', event.target.value as FormValues['offer_type'])
                    }
                  >
                    {offerTypes.map((offerType) => (
                      <option key={offerType} value={offerType}>
                        {t(`offer_type_${offerType}`)}
                      </option>
                    ))}
                  </select>
                )}
              />
            )}
            {sub.can_be_priced === 'yes' && (
              <div className="form__row">
                <FormField
                  name="price"
                  label={
                    offerTypes.includes(values.offer_type) && values.offer_type.endsWith('_rent')
                      ? `${t('price')} (${t('currency')} / ${t(`${values.offer_type}_unit`)})`
                      : `${t('price')} (${t('currency')})`
                  }
                  optional
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  dir="ltr"
                  errors={errors.price}
                  {...input('price')}
                />
                <Check
                  name="negotiable"
                  label={t('negotiable')}
                  checked={values.negotiable}
                  onChange={(v) => set('negotiable', v)}
                  errors={errors.negotiable}
                />
              </div>
            )}
            {sub.can_be_counted === 'yes' && (
              <FormField
                name="number"
                label={demand ? t('demanded_number') : t('available_number')}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                dir="ltr"
                hint={
                  product && product.sold_count > 0
                    ? t('already_sold_hint', { count: product.sold_count })
                    : undefined
                }
                errors={errors.number}
                {...input('number')}
              />
            )}
            {demand && (
              <FormField
                name="distance"
                label={t('product_max_distance')}
                optional
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                dir="ltr"
                errors={errors.distance}
                {...input('distance')}
              />
            )}
            <div className="product-form__checks">
              {sub.can_be_used === 'yes' && (
                <Check
                  name="used"
                  label={t('used')}
                  checked={values.used}
                  onChange={(v) => set('used', v)}
                  errors={errors.used}
                />
              )}
              {sub.can_be_delivered === 'yes' && (
                <Check
                  name="delivery"
                  label={t('delivery')}
                  checked={values.delivery}
                  onChange={(v) => set('delivery', v)}
                  errors={errors.delivery}
                />
              )}
              <Check
                name="private"
                label={demand ? t('private_demand') : t('private')}
                hint={t('private_product_hint')}
                checked={values.private}
                onChange={(v) => set('private', v)}
                errors={errors.private}
              />
            </div>
          </Section>

          {fieldList.length > 0 && (
            <Section title={t('characteristics')}>
              <div className="product-form__pfields">
                {fieldList.map((field) => (
                  <PfieldInput
                    key={field.id}
                    field={field}
                    value={pfieldValues[field.id] ?? (field.type === 'checkbox' ? [] : '')}
                    onChange={(value) => setPfieldValues((old) => ({ ...old, [field.id]: value }))}
                    errors={errors[`pfield_${field.id}`]}
                  />
                ))}
              </div>
            </Section>
          )}

          <Section title={t('more_infos')}>
            <FormField
              name="more_infos_ar"
              label={t('more_infos_ar')}
              optional
              errors={errors.more_infos_ar}
              render={(props) => (
                <textarea
                  {...props}
                  className="field__input field__textarea"
                  rows={4}
                  maxLength={5000}
                  dir="rtl"
                  lang="ar"
                  {...input('more_infos_ar')}
                />
              )}
            />
            <FormField
              name="more_infos_fr"
              label={t('more_infos_fr')}
              optional
              errors={errors.more_infos_fr}
              render={(props) => (
                <textarea
                  {...props}
                  className="field__input field__textarea"
                  rows={4}
                  maxLength={5000}
                  dir="ltr"
                  lang="fr"
                  {...input('more_infos_fr')}
                />
              )}
            />
          </Section>

          <Section title={t('photos_videos')}>
            <MediaInput
              existing={existing}
              onRemoveExisting={(id) => setRemoved((old) => [...old, id])}
              added={added}
              onAdd={(files) =>
                setAdded((old) => [
                  ...old,
                  ...files.map((file) => ({
                    key: crypto.randomUUID?.() ?? `${Math.random()}`,
                    file,
                  })),
                ])
              }
              onRemoveAdded={(key) => setAdded((old) => old.filter((item) => item.key !== key))}
              serverErrors={[...(errors.files ?? []), ...(errors.removed_files ?? [])]}
              onBusyChange={setPreparing}
            />
          </Section>

          <Section title={t('product_location')}>
            <div className="form__row">
              <FormField
                name="latitude"
                label={t('latitude')}
                optional
                type="number"
                inputMode="decimal"
                step="any"
                dir="ltr"
                errors={errors.latitude}
                {...input('latitude')}
              />
              <FormField
                name="longitude"
                label={t('longitude')}
                optional
                type="number"
                inputMode="decimal"
                step="any"
                dir="ltr"
                errors={errors.longitude}
                {...input('longitude')}
              />
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
                            m === method
                              ? event.target.checked
                              : values.contact_methods.includes(m),
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

          {sending && (
            <div className="product-form__progress" role="status">
              <progress
                max={1}
                value={progress ?? 0}
                aria-label={t('uploading', { percent: Math.round((progress ?? 0) * 100) })}
              />
              <span>{t('uploading', { percent: Math.round((progress ?? 0) * 100) })}</span>
            </div>
          )}
          <div className="product-form__submit">
            <SubmitButton loading={sending || preparing} loadingLabel={t('sending')}>
              {editing ? t('save_changes') : t('publish')}
            </SubmitButton>
          </div>
        </>
      )}
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="product-form__section">
      <h2 className="product-form__section-title">{title}</h2>
      {children}
    </section>
  );
}

function Check({
  name,
  label,
  hint,
  checked,
  onChange,
  errors,
}: {
  name: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors?: string[];
}) {
  return (
    <div className={errors?.length ? 'field field--invalid check-field' : 'field check-field'}>
      <label className="choice">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          aria-invalid={!!errors?.length}
          aria-describedby={errors?.length ? `${name}-errors` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint && <p className="field__hint">{hint}</p>}
      {errors?.length ? <FieldErrors id={`${name}-errors`} errors={errors} /> : null}
    </div>
  );
}

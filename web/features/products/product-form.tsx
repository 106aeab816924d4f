import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router';
import { can } from '../../../shared/domain/permissions';
import { pfieldKey, pfieldSubKey } from '../../../shared/domain/pfield-values';
import {
  createProductBody,
  updateProductBody,
  type Product,
  type ProductType,
} from '../../../shared/schemas/products';
import { FormAlert, FormField, SubmitButton } from '../../components/form-field';
import { paths } from '../../lib/paths';
import { useFormErrors } from '../../lib/use-form-errors';
import type { Me } from '../../lib/use-me';
import { usePcategories, usePfields, usePsubcategories } from '../../lib/catalog';
import { useSaveProduct } from './api/save-product';
import { isNetworkError, useOfflinePost } from './outbox/use-offline-post';
import type { AddedFile } from './media-input';
import { PfieldInput, type PfieldValue } from './pfield-input';
import { CategoryFields } from './product-form-category';
import {
  ContactFields,
  LocationFields,
  MediaFields,
  MoreInfosFields,
} from './product-form-details';
import { MainFields } from './product-form-main';
import { bindInput, Section, type GroupProps } from './product-form-parts';
import { belowSold, rentsOut } from '../../../shared/domain/products';
import { readNumber } from '../../../shared/domain/numbers';
import {
  emptyValues,
  fieldsToSend,
  pfieldSubsOf,
  pfieldValuesOf,
  titleClashIssue,
  titlesOf,
  valuesOf,
  type FormValues,
} from './product-form-values';
import { isLanguage } from '../../lib/i18n';
import './product-form.css';

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

/** A shop other than the user's own personal one (the default, offered as such). */
const isOtherShop = (shop: { is_professional: boolean; pivot: { role: string } }) =>
  shop.is_professional || shop.pivot.role !== 'owner';

/**
 * Post or edit an offer or a demand (DESIGN §4): pick a subcategory, then fill what it allows
 * (SPEC §3), its extra fields, photos and videos (SPEC §5). Errors go under their fields.
 */
export function ProductForm({ type, me, product }: ProductFormProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const navigate = useNavigate();
  const saveProduct = useSaveProduct();
  const editing = !!product;

  const [values, setValues] = useState<FormValues>(() =>
    product ? valuesOf(product, language) : emptyValues(type),
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
  const [pfieldSubs, setPfieldSubs] = useState<Record<number, string>>(() =>
    product ? pfieldSubsOf(product) : {},
  );
  const [added, setAdded] = useState<AddedFile[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const pcategories = usePcategories();
  const psubcategories = usePsubcategories(pcategoryId);
  const pfields = usePfields(psubcategoryId);
  const sub = psubcategories.data?.find((s) => s.id === psubcategoryId) ?? null;
  const fieldList = pfields.data ?? [];
  const fieldNames = [
    ...BASE_FIELDS,
    ...fieldList.flatMap((f) => [pfieldKey(f.id), pfieldSubKey(f.id)]),
  ];
  const { formRef, errors: formErrors, clear, fromIssues, fromError } = useFormErrors(fieldNames);
  const errors = formErrors.fields;
  // A new offer posted while the network is down waits in the outbox (docs/offline.md).
  const offline = useOfflinePost((saved) => navigate(paths.product(saved.id)), fromError);

  // Shops the user may post for (any member of a shop posts its offers, DESIGN §6).
  const shops = me.shops.filter((shop) => can.createProduct(me, shop.pivot.role));
  const shopChoice = !editing && shops.length > 1;

  const set: GroupProps['set'] = (key, value) => setValues((old) => ({ ...old, [key]: value }));

  const group = { values, set, errors };

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
      pfieldSubs,
      shopChoice,
      language,
    });
    const parsed = (editing ? updateProductBody : createProductBody).safeParse(fields);
    const issues = parsed.success ? [] : [...parsed.error.issues];
    // Issue 35 item 2: two titles in one language: ask for the other language's, never guess.
    const titles = titlesOf(values, language);
    if ('clash' in titles) issues.push(titleClashIssue(titles.clash) as never);
    // SPEC §5: the available number cannot go below what is already sold (a rent offer's units
    // come back: issue 32 item 7).
    if (
      product &&
      sub?.can_be_counted === 'yes' &&
      !rentsOut({ type, offer_type: values.offer_type }) &&
      belowSold(readNumber(values.number) ?? 0, product.sold_count) &&
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
      const saved = await saveProduct(product ? { id: product.id } : { type }, form, setProgress);
      navigate(paths.product(saved.id), { replace: editing });
    } catch (error) {
      setProgress(null);
      if (editing || !isNetworkError(error)) return fromError(error);
      await offline.keep({
        userId: me.id,
        type,
        fields: Object.entries(fields),
        files: added.map(({ file }) => ({ name: file.name, blob: file })),
        title: fields.name || fields.name_ar || fields.name_fr || t('new_offer'),
      });
    }
  }

  const existing = (product?.pfiles ?? []).filter((file) => !removed.includes(file.id));
  const sending = progress !== null;

  return (
    <form method="post" ref={formRef} className="form product-form" noValidate onSubmit={onSubmit}>
      <FormAlert messages={formErrors.general} />

      {shopChoice && (
        <FormField
          name="shop_id"
          label={t('post_as_shop')}
          errors={errors.shop_id}
          render={(props) => (
            <select {...props} className="field__input" {...bindInput({ values, set })('shop_id')}>
              <option value="">{t('personal_shop_default')}</option>
              {/* The personal shop is the first choice already (issue 20 item 14). */}
              {shops.filter(isOtherShop).map((shop) => (
                <option key={shop.id} value={shop.id}>
                  {shop.name}
                </option>
              ))}
            </select>
          )}
        />
      )}

      <CategoryFields
        pcategories={pcategories}
        psubcategories={psubcategories}
        pcategoryId={pcategoryId}
        psubcategoryId={psubcategoryId}
        onPcategory={(id) => {
          setPcategoryId(id);
          setPsubcategoryId(null);
          setPfieldValues({});
          setPfieldSubs({});
        }}
        onPsubcategory={(id) => {
          setPsubcategoryId(id);
          setPfieldValues({});
          setPfieldSubs({});
        }}
        chosen={sub !== null}
        errors={errors}
      />

      {sub !== null && (
        <>
          <MainFields type={type} sub={sub} product={product} {...group} />

          {fieldList.length > 0 && (
            <Section title={t('characteristics')}>
              <div className="product-form__pfields">
                {fieldList.map((field) => (
                  <PfieldInput
                    key={field.id}
                    field={field}
                    value={pfieldValues[field.id] ?? (field.type === 'checkbox' ? [] : '')}
                    onChange={(value) => setPfieldValues((old) => ({ ...old, [field.id]: value }))}
                    errors={errors[pfieldKey(field.id)]}
                    sub={pfieldSubs[field.id] ?? ''}
                    onSubChange={(value) => setPfieldSubs((old) => ({ ...old, [field.id]: value }))}
                    subErrors={errors[pfieldSubKey(field.id)]}
                  />
                ))}
              </div>
            </Section>
          )}

          <MoreInfosFields {...group} />
          <MediaFields
            existing={existing}
            onRemoveExisting={(id) => setRemoved((old) => [...old, id])}
            added={added}
            setAdded={setAdded}
            errors={errors}
            onBusyChange={setPreparing}
          />
          <LocationFields {...group} />
          <ContactFields values={values} set={set} />

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
          {offline.waiting && (
            <div className="alert product-form__waiting" role="status">
              <div>
                <p className="alert__title">{t('post_waiting_title')}</p>
                <p>{t('post_waiting_text')}</p>
              </div>
            </div>
          )}
          <div className="product-form__submit">
            <SubmitButton
              loading={sending || preparing || offline.waiting}
              loadingLabel={offline.waiting ? t('post_waiting_title') : t('sending')}
            >
              {editing ? t('save_changes') : t('publish')}
            </SubmitButton>
          </div>
        </>
      )}
    </form>
  );
}

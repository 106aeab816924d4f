import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Errors } from '../../../lib/http';
import { FormAlert, SubmitButton, useErrorText } from '../../../components/form-field';
import { SearchIcon } from '../../../components/icons';
import { placeName, TOWN_RADIUS_KM, TOWNS, townById } from '../../../../shared/domain/places';
import { isLanguage } from '../../../lib/i18n';
import { usePcategories, usePfields, usePsubcategories } from '../../../lib/catalog';
import { useCatalogLabels } from '../../../lib/catalog-labels';
import { checkBounds, hasErrors, type BoundErrors } from '../search-checks';
import {
  BOUNDS,
  SEARCH_MODES,
  SEARCH_SORT_OPTIONS,
  YES_NO_FILTERS,
  effectiveSearch,
  emptySearch,
  offerTypesFor,
  type BoundName,
  type FieldFilter,
  type Position,
  type SearchState,
  type YesNoChoice,
} from '../search-state';
import { FieldFilters } from './field-filters';
import { PanelField } from './panel-field';
import { paths } from '../../../lib/paths';
import './search-panel.css';

// SPEC §2 "Search panel": name, category, subcategory; the advanced mode adds the price bounds,
// the maximum distance in km, negotiable, used, delivery and the offer type (and, issue 20, a
// town to search around instead of the searcher's position); the 'so advanced'
// mode adds the chosen subcategory's fields. The panel edits a copy of the search; submitting
// hands it to the page, which puts it in the URL (the page keys the panel by URL, so back and
// forward show the search they return to).

/** Fields whose errors the panel shows in place; any other key goes to the general alert. */
const PANEL_FIELDS = [
  'name',
  'pcategory_id',
  'psubcategory_id',
  'negotiable',
  'used',
  'delivery',
  'offer_type',
  'sort',
  'town',
  ...BOUNDS.map((b) => b.name),
];

const MODE_LABELS = {
  normal: 'search_mode_normal',
  advanced: 'search_mode_advanced',
  so_advanced: 'search_mode_so_advanced',
} as const;

const YES_NO_LABELS = { negotiable: 'negotiable', used: 'used', delivery: 'delivery' } as const;

interface SearchPanelProps {
  initial: SearchState;
  onSearch: (search: SearchState) => void;
  /** The server's errors for the search in the URL (422: distance, min_price, max_price…). */
  serverErrors?: Errors;
  /** The searcher's position (the page asks for it when its search is an advanced one). */
  geolocation: {
    position: Position | null;
    settled: boolean;
    locate: () => Promise<Position | null>;
  };
  /** The search box gets the focus (the search page, not the home's tab). */
  autoFocus?: boolean;
}

export function SearchPanel({
  initial,
  onSearch,
  serverErrors = {},
  geolocation,
  autoFocus,
}: SearchPanelProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const errorText = useErrorText();
  const labels = useCatalogLabels();
  const [state, setState] = useState(initial);
  const [boundErrors, setBoundErrors] = useState<BoundErrors>({});
  const [locating, setLocating] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  const categoryId = state.pcategory_id ? Number(state.pcategory_id) : null;
  const subcategoryId = state.psubcategory_id ? Number(state.psubcategory_id) : null;
  const categories = usePcategories();
  const subcategories = usePsubcategories(categoryId);
  const fields = usePfields(state.mode === 'so_advanced' ? subcategoryId : null);
  const advanced = state.mode !== 'normal';

  // After a refused submit, the first field in error gets the focus.
  useEffect(() => {
    if (attempt) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const update = (patch: Partial<SearchState>) => setState((s) => ({ ...s, ...patch }));

  function setMode(mode: SearchState['mode']) {
    update({ mode });
    // SPEC §4: the position is asked for when the advanced search is used (not when the search
    // is around a chosen town).
    if (mode !== 'normal' && !state.town) void geolocation.locate();
  }

  /** SPEC §5: the bound's own message, else the server's for the search in the URL. */
  const boundMessages = (name: BoundName, label: string) => {
    if (boundErrors[name]) return [t('field_bad_input', { field: t(label) })];
    return serverErrors[name]?.map(errorText);
  };
  const serverMessages = (name: string) => serverErrors[name]?.map(errorText);
  const general = Object.entries(serverErrors)
    .filter(([key]) => !PANEL_FIELDS.includes(key) && !key.startsWith('pfield_'))
    .flatMap(([, messages]) => messages);
  const fieldErrors = Object.fromEntries(
    Object.entries(serverErrors)
      .filter(([key]) => key.startsWith('pfield_'))
      .map(([key, messages]) => [key, messages.map(errorText)]),
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = checkBounds(state);
    setBoundErrors(errors);
    if (hasErrors(errors)) {
      setAttempt((n) => n + 1);
      return;
    }
    let position: Position | null = null;
    const applied = effectiveSearch(state);
    if (!applied.town && (applied.distance !== '' || state.sort === 'nearest')) {
      setLocating(true);
      position = await geolocation.locate();
      setLocating(false);
    }
    // A new search is read as typed again (the 'search exactly' link sets it for its own).
    onSearch({ ...state, position, page: 1, exact: false });
  }

  function reset() {
    setState({ ...emptySearch, mode: state.mode, type: state.type });
    setBoundErrors({});
  }

  const town = advanced ? townById(state.town) : undefined;
  const distanceHint = town
    ? t('distance_from_town', { town: placeName(town, language), distance: TOWN_RADIUS_KM })
    : geolocation.settled && !geolocation.position && state.distance.trim() !== ''
      ? t('location_unavailable')
      : t('location_used');

  return (
    // Sent before the scripts arrive, the form still searches: a GET of the search page with the
    // same keys as the app's own addresses (search-state.ts).
    <form
      ref={form}
      className="card search-panel"
      role="search"
      method="get"
      action={paths.search}
      noValidate
      onSubmit={submit}
    >
      <input type="hidden" name="type" value={state.type} />
      <input type="hidden" name="mode" value={state.mode} />
      <div className="search-panel__modes" role="group" aria-label={t('search_mode_label')}>
        {SEARCH_MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            className="search-panel__mode"
            aria-pressed={state.mode === mode}
            onClick={() => setMode(mode)}
          >
            {t(MODE_LABELS[mode])}
          </button>
        ))}
      </div>

      <FormAlert messages={general} />

      <div className="search-panel__grid search-panel__grid--main">
        <PanelField
          label={t('search_query')}
          errors={serverMessages('name')}
          className="search-panel__name"
        >
          {(control) => (
            <input
              {...control}
              className="field__input"
              name="name"
              type="search"
              value={state.name}
              placeholder={t('search_placeholder')}
              autoComplete="off"
              enterKeyHint="search"
              autoFocus={autoFocus}
              onChange={(event) => update({ name: event.target.value })}
            />
          )}
        </PanelField>
        <PanelField label={t('category')} errors={serverMessages('pcategory_id')}>
          {(control) => (
            <select
              {...control}
              name="pcategory_id"
              value={state.pcategory_id}
              onChange={(event) =>
                update({ pcategory_id: event.target.value, psubcategory_id: '', fields: {} })
              }
            >
              <option value="">{t('all_categories')}</option>
              {/* The chosen category is listed even before the catalogue arrives. */}
              {!categories.data && state.pcategory_id && (
                <option value={state.pcategory_id}>{t('loading')}</option>
              )}
              {categories.data?.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {labels.name(category)}
                </option>
              ))}
            </select>
          )}
        </PanelField>
        <PanelField label={t('subcategory')} errors={serverMessages('psubcategory_id')}>
          {(control) => (
            <select
              {...control}
              name="psubcategory_id"
              value={state.psubcategory_id}
              disabled={!state.pcategory_id}
              onChange={(event) => update({ psubcategory_id: event.target.value, fields: {} })}
            >
              <option value="">{t('all_subcategories')}</option>
              {!subcategories.data && state.psubcategory_id && (
                <option value={state.psubcategory_id}>{t('loading')}</option>
              )}
              {subcategories.data?.map((subcategory) => (
                <option key={subcategory.id} value={String(subcategory.id)}>
                  {labels.name(subcategory)}
                </option>
              ))}
            </select>
          )}
        </PanelField>
        <PanelField label={t('sort')} errors={serverMessages('sort')}>
          {(control) => (
            <select
              {...control}
              name="sort"
              value={state.sort}
              onChange={(event) => update({ sort: event.target.value as SearchState['sort'] })}
            >
              {SEARCH_SORT_OPTIONS.map((sort) => (
                <option key={sort} value={sort === 'newest' ? '' : sort}>
                  {t(`sort_${sort}`)}
                </option>
              ))}
            </select>
          )}
        </PanelField>
      </div>

      {advanced && (
        <fieldset className="search-panel__section">
          <legend className="search-panel__legend">{t('search_mode_advanced')}</legend>
          <div className="search-panel__grid search-panel__grid--pairs">
            {BOUNDS.map(({ name, label }) => (
              <PanelField
                key={name}
                label={t(label)}
                errors={boundMessages(name, label)}
                hint={name === 'distance' ? distanceHint : undefined}
                className={name === 'distance' ? 'search-panel__wide' : undefined}
              >
                {(control) => (
                  <input
                    {...control}
                    className="field__input"
                    name={name}
                    inputMode="numeric"
                    autoComplete="off"
                    value={state[name]}
                    onChange={(event) => update({ [name]: event.target.value })}
                  />
                )}
              </PanelField>
            ))}
            <PanelField label={t('place_town')} errors={serverMessages('town')}>
              {(control) => (
                <select
                  {...control}
                  name="town"
                  value={state.town}
                  onChange={(event) => update({ town: event.target.value })}
                >
                  <option value="">{t('any_town')}</option>
                  {TOWNS.map((place) => (
                    <option key={place.id} value={place.id}>
                      {placeName(place, language)}
                    </option>
                  ))}
                </select>
              )}
            </PanelField>
            {YES_NO_FILTERS.map((name) => (
              <PanelField key={name} label={t(YES_NO_LABELS[name])} errors={serverMessages(name)}>
                {(control) => (
                  <select
                    {...control}
                    name={name}
                    value={state[name]}
                    onChange={(event) => update({ [name]: event.target.value as YesNoChoice })}
                  >
                    <option value="">{t('any_value')}</option>
                    <option value="yes">{t('yes')}</option>
                    <option value="no">{t('no')}</option>
                  </select>
                )}
              </PanelField>
            ))}
            <PanelField label={t('offer_type')} errors={serverMessages('offer_type')}>
              {(control) => (
                <select
                  {...control}
                  name="offer_type"
                  value={state.offer_type}
                  onChange={(event) =>
                    update({ offer_type: event.target.value as SearchState['offer_type'] })
                  }
                >
                  <option value="">{t('any_value')}</option>
                  {offerTypesFor(state.type).map((type) => (
                    <option key={type} value={type}>
                      {t(`offer_type_${type}`)}
                    </option>
                  ))}
                </select>
              )}
            </PanelField>
          </div>
        </fieldset>
      )}

      {state.mode === 'so_advanced' && (
        <fieldset className="search-panel__section">
          <legend className="search-panel__legend">{t('search_mode_so_advanced')}</legend>
          {!subcategoryId ? (
            <p className="search-panel__note">{t('choose_subcategory_for_fields')}</p>
          ) : fields.isPending ? (
            <p className="search-panel__note">{t('loading')}</p>
          ) : fields.data?.length ? (
            <FieldFilters
              fields={fields.data}
              values={state.fields}
              errors={fieldErrors}
              onChange={(id, value: FieldFilter) =>
                setState((s) => ({ ...s, fields: { ...s.fields, [id]: value } }))
              }
            />
          ) : (
            <p className="search-panel__note">{t('no_fields_for_subcategory')}</p>
          )}
        </fieldset>
      )}

      <div className="search-panel__actions">
        <SubmitButton loading={locating} loadingLabel={t('search_locating')}>
          <SearchIcon size={18} />
          {t('search')}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={reset}>
          {t('reset_filters')}
        </button>
      </div>
    </form>
  );
}

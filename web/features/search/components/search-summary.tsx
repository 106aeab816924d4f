import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { SearchIcon } from '../../../components/icons';
import { placeName, townById } from '../../../../shared/domain/places';
import { isLanguage } from '../../../lib/i18n';
import { usePcategories, usePsubcategories } from '../../../lib/catalog';
import { useCatalogLabels } from '../../../lib/catalog-labels';
import { formatNumber } from '../../../lib/format';
import { UserText } from '../../../components/user-text';
import { YES_NO_FILTERS, effectiveSearch, type SearchState } from '../search-state';
import './search-summary.css';

const YES_NO_LABELS = { negotiable: 'negotiable', used: 'used', delivery: 'delivery' } as const;

/** A bound as typed, grouped when it is a whole number (the panel keeps text as typed). */
const amount = (text: string, language: 'ar' | 'fr') =>
  /^\d+$/.test(text) ? formatNumber(Number(text), language) : text;

/**
 * Every criterion of a search in a few words (issue 35 items 7 and 16): its words, offers or
 * demands, category and subcategory, price, place, the yes/no filters, the offer type, the
 * subcategory's fields and a chosen order. The search page shows it in place of its form on
 * phones once a search is made; a saved search's card shows it under its name.
 */
export function SearchSummary({ search, id }: { search: SearchState; id?: string }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const labels = useCatalogLabels();
  const state = effectiveSearch(search);
  const categoryId = state.pcategory_id ? Number(state.pcategory_id) : null;
  const categories = usePcategories();
  const subcategories = usePsubcategories(categoryId, !!state.psubcategory_id);
  const category = categories.data?.find((item) => String(item.id) === state.pcategory_id);
  const subcategory = subcategories.data?.find((item) => String(item.id) === state.psubcategory_id);

  const items: { key: string; text: ReactNode }[] = [];
  if (state.name.trim()) {
    items.push({
      key: 'name',
      text: (
        <>
          <SearchIcon size={14} /> <UserText text={state.name.trim()} />
        </>
      ),
    });
  }
  items.push({ key: 'type', text: t(state.type === 'demand' ? 'demands' : 'offers') });
  if (state.pcategory_id) {
    const names = [category ? labels.name(category) : t('loading')];
    if (state.psubcategory_id && subcategory) names.push(labels.name(subcategory));
    items.push({ key: 'category', text: names.join(' › ') });
  }
  const min = state.min_price.trim();
  const max = state.max_price.trim();
  if (min || max) {
    const key =
      min && max
        ? 'search_summary_price'
        : min
          ? 'search_summary_price_min'
          : 'search_summary_price_max';
    items.push({
      key: 'price',
      text: t(key, {
        min: amount(min, language),
        max: amount(max, language),
        currency: t('currency'),
      }),
    });
  }
  const town = townById(state.town);
  const distance = state.distance.trim();
  if (town) {
    items.push({
      key: 'place',
      text: distance
        ? t('search_summary_town_within', { town: placeName(town, language), distance })
        : placeName(town, language),
    });
  } else if (distance && state.position) {
    items.push({ key: 'place', text: t('search_summary_within', { distance }) });
  }
  for (const name of YES_NO_FILTERS) {
    if (!state[name]) continue;
    items.push({
      key: name,
      text: t('search_summary_choice', { filter: t(YES_NO_LABELS[name]), choice: t(state[name]) }),
    });
  }
  if (state.offer_type)
    items.push({ key: 'offer_type', text: t(`offer_type_${state.offer_type}`) });
  const fields = Object.values(state.fields).filter(
    (field) =>
      field.values.some((value) => value.trim()) ||
      field.min.trim() ||
      field.max.trim() ||
      field.sub?.trim(),
  ).length;
  if (fields) items.push({ key: 'fields', text: t('search_summary_fields', { count: fields }) });
  if (state.sort && state.sort !== 'newest')
    items.push({ key: 'sort', text: t(`sort_${state.sort}`) });

  return (
    <ul className="search-summary" id={id}>
      {items.map((item) => (
        <li key={item.key} className="search-summary__item" data-criterion={item.key}>
          {item.text}
        </li>
      ))}
    </ul>
  );
}

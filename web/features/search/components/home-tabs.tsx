import { lazy, Suspense } from 'react';
import { afterDictionary } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'react-router';
import { Loader } from '../../../components/loader';
import { CardIslands } from '../../products';
import { paths } from '../../../lib/paths';
import type { QueryClient } from '@tanstack/react-query';
import { pcategoriesQuery, psubcategoriesQuery } from '../../../lib/catalog';
import { searchQuery } from '../api/search';
import { shopsPageQuery } from '../api/shops-page';
import { readListParams } from '../list-params';
import { CategoriesTab } from './categories-tab';
import { homeRowBody } from './subcategory-row';
import './home-tabs.css';

// SPEC §2 "Products home": three tabs, categories (subcategory sliders), shops (shop sliders) and
// search. The tab lives in the URL (`/?tab=shops`), so it survives a reload and the back button.
// The first tab comes with the home page; the other two are fetched when opened.

const ShopsTab = lazy(() =>
  afterDictionary(import('./shops-tab')).then((m) => ({ default: m.ShopsTab })),
);
const SearchTab = lazy(() =>
  afterDictionary(import('./search-tab')).then((m) => ({ default: m.SearchTab })),
);

export const HOME_TABS = ['categories', 'shops', 'search'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

export const homeTabHref = (tab: HomeTab) =>
  tab === 'categories' ? paths.home : `${paths.home}?tab=${tab}`;

export function readHomeTab(params: URLSearchParams): HomeTab {
  return HOME_TABS.find((tab) => tab === params.get('tab')) ?? 'categories';
}

/** Rows the server renders with their offers: what the first screen of the categories tab shows. */
const FIRST_ROWS = 2;

/** Server rendering: what the tab in the address shows first. */
export async function prefetchHomeTab(client: QueryClient, params: URLSearchParams) {
  const tab = readHomeTab(params);
  if (tab === 'shops') await client.prefetchQuery(shopsPageQuery(readListParams(params).page));
  if (tab !== 'categories') return;
  const [first] = await client.fetchQuery(pcategoriesQuery);
  if (!first) return;
  const subcategories = await client.fetchQuery(psubcategoriesQuery(first.id));
  await Promise.all(
    subcategories
      .slice(0, FIRST_ROWS)
      .map((row) => client.prefetchQuery(searchQuery('psubcategory', row.id, homeRowBody))),
  );
}

export function HomeTabs() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const current = readHomeTab(params);
  return (
    <section className="container home-tabs" aria-labelledby="home-tabs-title">
      <h2 id="home-tabs-title" className="visually-hidden">
        {t('home_tabs_label')}
      </h2>
      <nav className="home-tabs__list" aria-label={t('home_tabs_label')}>
        {HOME_TABS.map((tab) => (
          <Link
            key={tab}
            to={homeTabHref(tab)}
            className="home-tabs__tab"
            aria-current={tab === current ? 'page' : undefined}
          >
            {t(`tab_${tab}`)}
          </Link>
        ))}
      </nav>
      {/* At least a screen high from the start: what follows (the join banner, the footer) is
          not on screen before the tab's content comes, so it never jumps down (layout shift). */}
      <div className="home-tabs__panel" style={{ minBlockSize: '100vh' }}>
        {/* The cards' buttons are islands: the page's first view hydrates only them. */}
        <CardIslands.Provider value={true}>
          <Suspense fallback={<Loader block />}>
            {current === 'categories' && <CategoriesTab />}
            {current === 'shops' && <ShopsTab />}
            {current === 'search' && <SearchTab />}
          </Suspense>
        </CardIslands.Provider>
      </div>
    </section>
  );
}

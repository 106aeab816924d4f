import type { FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate } from 'react-router';
import { ArrowEndIcon, SearchIcon } from '../../components/icons';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';
import { HomeTabs, prefetchHomeTab } from '../../features/search/components/home-tabs';
import type { PrefetchContext } from '../../lib/prefetch';
import './home-page.css';

const POPULAR = [
  'popular_cars',
  'popular_apartments',
  'popular_phones',
  'popular_land',
  'popular_sheep',
  'popular_furniture',
];

const searchHref = (name: string) => `${paths.search}?name=${encodeURIComponent(name)}`;

/**
 * The products home (SPEC §2): a compact welcome with the search box, then the three tabs
 * (categories, shops, search) of web/features/search.
 */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('app_tagline'));
  const navigate = useNavigate();
  const { data: me } = useMe();

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    navigate(name ? searchHref(name) : paths.search);
  }

  return (
    <>
      <section className="hero hero--compact">
        <div className="container hero__inner">
          <div className="hero__content">
            <h1 className="hero__title">{t('home_hero_title')}</h1>
            <form
              className="hero-search"
              role="search"
              method="get"
              action={paths.search}
              onSubmit={onSearch}
            >
              <label htmlFor="hero-search" className="visually-hidden">
                {t('home_search_label')}
              </label>
              <SearchIcon className="hero-search__icon" />
              <input
                id="hero-search"
                name="name"
                type="search"
                className="hero-search__input"
                placeholder={t('home_search_placeholder')}
                autoComplete="off"
                enterKeyHint="search"
              />
              <button type="submit" className="button button--accent hero-search__button">
                <SearchIcon className="hero-search__button-icon" />
                <span className="hero-search__button-label">{t('search')}</span>
              </button>
            </form>
            <div className="hero__popular">
              <span className="hero__popular-label">{t('home_popular')}</span>
              <ul className="chips">
                {POPULAR.map((key) => (
                  <li key={key}>
                    <Link to={searchHref(t(key))} className="chip">
                      {t(key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <HomeTabs />

      {me === null && (
        <section className="container">
          <div className="join-banner">
            <div>
              <h2 className="join-banner__title">{t('home_join_title')}</h2>
              <p className="join-banner__text">{t('home_join_text')}</p>
            </div>
            <Link to={paths.signUp} className="button button--accent">
              {t('sign_up')}
              <ArrowEndIcon size={18} />
            </Link>
          </div>
        </section>
      )}
    </>
  );
}

export { HomePage as Component };

/** Server rendering: the tab in the address, with its first rows. */
export async function prefetch({ searchParams, client }: PrefetchContext) {
  await prefetchHomeTab(client, searchParams);
}

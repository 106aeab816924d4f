import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  ArrowEndIcon,
  BellIcon,
  ChatIcon,
  CheckIcon,
  HandshakeIcon,
  PinIcon,
  SearchIcon,
  StoreIcon,
  TagIcon,
} from '../../components/icons';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';

const POPULAR = [
  'popular_cars',
  'popular_apartments',
  'popular_phones',
  'popular_land',
  'popular_sheep',
  'popular_furniture',
];

const STEPS = [
  { icon: TagIcon, title: 'step_post_title', text: 'step_post_text' },
  { icon: ChatIcon, title: 'step_talk_title', text: 'step_talk_text' },
  { icon: HandshakeIcon, title: 'step_deal_title', text: 'step_deal_text' },
];

/** Wide screens: a sketch of a listing with its conversation, to say what the site is at a glance. */
function HeroArt() {
  return (
    <div className="hero-art" aria-hidden="true">
      <div className="hero-art__card hero-art__card--back" />
      <div className="hero-art__card">
        <div className="hero-art__image">
          <StoreIcon size={44} />
        </div>
        <div className="hero-art__line hero-art__line--title" />
        <div className="hero-art__line" />
        <div className="hero-art__row">
          <span className="hero-art__price" />
          <span className="hero-art__pill" />
        </div>
      </div>
      <div className="hero-art__bubble">
        <ChatIcon size={20} />
        <span className="hero-art__line hero-art__line--short" />
      </div>
      <div className="hero-art__badge">
        <BellIcon size={18} />
        <span>3</span>
      </div>
    </div>
  );
}

const searchHref = (name: string) => `${paths.search}?name=${encodeURIComponent(name)}`;

/** The welcome page: a search box and the way into the market. */
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
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__content">
            <p className="hero__eyebrow">{t('home_eyebrow')}</p>
            <h1 className="hero__title">{t('home_hero_title')}</h1>
            <p className="hero__text">{t('home_hero_text')}</p>
            <form className="hero-search" role="search" onSubmit={onSearch}>
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
            <div className="hero__actions">
              <Link to={paths.market} className="button button--light">
                {t('home_browse_market')}
                <ArrowEndIcon size={18} />
              </Link>
              <Link to={`${paths.search}?mode=advanced`} className="button button--outline-light">
                {t('home_advanced_search')}
              </Link>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="container features" aria-label={t('app_tagline')}>
        <ul className="features__list">
          {['home_feature_free', 'home_feature_bilingual', 'home_feature_nearby'].map((key) => (
            <li key={key} className="features__item">
              {key === 'home_feature_nearby' ? <PinIcon size={18} /> : <CheckIcon size={18} />}
              {t(key)}
            </li>
          ))}
        </ul>
      </section>

      <section className="container steps" aria-labelledby="steps-title">
        <h2 id="steps-title" className="section-title">
          {t('home_steps_title')}
        </h2>
        <ol className="steps__list">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="card steps__item">
              <span className="steps__icon">
                <Icon size={24} />
              </span>
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="steps__title">{t(title)}</h3>
              <p className="steps__text">{t(text)}</p>
            </li>
          ))}
        </ol>
      </section>

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

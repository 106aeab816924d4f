import { useTranslation } from '../../lib/use-translation';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { BookmarkIcon } from '../../components/icons';
import { Loader } from '../../components/loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';
import { useDropSaved, useFavorites } from './api/favorites';
import { ProductResults } from './components/product-results';
import { TypeSwitch } from './components/type-switch';
import { listHref, readListParams } from './list-params';
import './category-page.css';
import './search-page.css';
import { Redirect } from '../../components/redirect';

/** /saved: the signed-in user's saved offers or demands (DESIGN §4), newest save first. */
export function SavedPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('saved_title'));
  const location = useLocation();
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const { type, page } = readListParams(params);
  const saved = useFavorites(type, page, !!me);
  const dropSaved = useDropSaved();

  if (me === undefined) return <Loader block />;
  if (me === null) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Redirect to={`${paths.signIn}?next=${next}`} />;
  }

  return (
    <div className="container">
      <header className="page-header">
        <h1 className="page-header__title">{t('saved_title')}</h1>
      </header>
      <div className="results__header">
        <TypeSwitch
          current={type}
          hrefFor={(next) => listHref(paths.saved, { type: next, page: 1 })}
        />
      </div>
      <ProductResults
        query={saved}
        hrefFor={(next) => listHref(paths.saved, { type, page: next })}
        onSaveChange={(product, state) => {
          if (!state.saved) void dropSaved(product.id);
        }}
        empty={
          <EmptyState
            icon={<BookmarkIcon size={32} />}
            title={t('no_saved')}
            text={t('no_saved_hint')}
            action={
              <Link to={paths.market} className="button button--primary">
                {t('home_browse_market')}
              </Link>
            }
          />
        }
      />
    </div>
  );
}

export { SavedPage as Component };

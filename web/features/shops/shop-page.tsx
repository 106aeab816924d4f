import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { can } from '../../../shared/domain/permissions';
import type { ProductType } from '../../../shared/schemas/products';
import { LazyConfirmModal } from '../../components/lazy-confirm-modal';
import { FormAlert } from '../../components/form-field';
import { ChartIcon, EditIcon, TrashIcon } from '../../components/page-icons';
import { Loader } from '../../components/loader';
import { formErrorsOf } from '../../lib/form-errors';
import { HttpError } from '../../lib/http';
import { formatNumber } from '../../lib/format';
import { afterDictionary, isLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';
import { useMarkNotificationRead } from '../../lib/use-mark-notification-read';
import { useDeleteShop } from './api/delete-shop';
import { useShop } from './api/shop';
import { NotFoundShop } from './components/not-found-shop';
import { ShopHeader } from './components/shop-header';
import { ShopProducts } from './components/shop-products';
import { ShopReviews } from './components/shop-reviews';
import { roleIn } from '../../../shared/domain/employees';
import './shop-page.css';
import { idParam, type PrefetchContext } from '../../lib/prefetch';
import { shopQuery } from './api/shop';
import { shopProductsQuery } from './api/shop-products';
import { shopRatingsQuery } from './api/ratings';

// The employees tab (its forms are for the shop's staff) comes when shown, not with the page.
const EmployeesPanel = lazy(() =>
  afterDictionary(import('./components/employees-panel')).then((m) => ({
    default: m.EmployeesPanel,
  })),
);

// SPEC §2: /shops/shop/{id}: the shop header, then its offers, demands and staff in tabs
// (?tab=offers|demands|reviews|employees&page=n, so every list has its own address).

const TABS = ['offers', 'demands', 'reviews', 'employees'] as const;
type Tab = (typeof TABS)[number];
const TYPE_OF: Record<Exclude<Tab, 'employees' | 'reviews'>, ProductType> = {
  offers: 'offer',
  demands: 'demand',
};

function readPage(value: string | null) {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function ShopPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const id = Number(useParams().id);
  const shop = useShop(id);
  const me = useMe().data;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A `rated` or `rating_answered` notification opens the reviews tab with its id
  // (notification-text.ts).
  useMarkNotificationRead(params.get('notification'));
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'offers';
  const page = readPage(params.get('page'));
  const remove = useDeleteShop(id);
  const [confirming, setConfirming] = useState(false);
  const [deleteErrors, setDeleteErrors] = useState<string[]>([]);
  useDocumentTitle(shop.data?.name ?? t('shop'));

  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundShop />;
  if (shop.isPending) return <Loader block />;
  if (shop.isError) {
    if (shop.error instanceof HttpError && shop.error.status === 404) return <NotFoundShop />;
    return (
      <div className="container">
        <FormAlert messages={formErrorsOf(shop.error, []).general} />
      </div>
    );
  }
  const data = shop.data;
  const viewerRole = roleIn(data.employees, me);

  async function onDelete() {
    setDeleteErrors([]);
    try {
      await remove.mutateAsync();
      navigate(paths.home, { replace: true });
    } catch (error) {
      setConfirming(false);
      setDeleteErrors(formErrorsOf(error, []).general);
    }
  }

  const canEdit = can.editShop(me, viewerRole);
  const canDelete = can.deleteShop(me, viewerRole);
  const canSeeInsights = can.seeShopInsights(me, viewerRole);
  const actions =
    canEdit || canDelete || canSeeInsights ? (
      <>
        {canSeeInsights && (
          <Link to={paths.shopInsights(data.id)} className="button button--secondary">
            <ChartIcon size={18} />
            {t('shop_insights')}
          </Link>
        )}
        {canEdit && (
          <Link to={paths.shopEdit(data.id)} className="button button--secondary">
            <EditIcon size={18} />
            {t('edit_shop')}
          </Link>
        )}
        {canDelete && (
          <button
            type="button"
            className="button button--danger-outline"
            onClick={() => setConfirming(true)}
          >
            <TrashIcon size={18} />
            {t('delete_shop')}
          </button>
        )}
      </>
    ) : undefined;

  const counts: Record<Tab, number> = {
    offers: data.offers_count,
    demands: data.demands_count,
    reviews: data.rating_count,
    employees: data.employees.length,
  };
  const tabHref = (to: Tab, toPage = 1) => {
    const query = new URLSearchParams();
    if (to !== 'offers') query.set('tab', to);
    if (toPage > 1) query.set('page', String(toPage));
    const search = query.toString();
    return `${paths.shop(data.id)}${search ? `?${search}` : ''}`;
  };

  return (
    <div className="container shop-page">
      <ShopHeader shop={data} actions={actions} />
      <FormAlert messages={deleteErrors} />
      <nav className="shop-tabs" aria-label={t('shop_sections')}>
        {TABS.map((name) => (
          <Link
            key={name}
            to={tabHref(name)}
            replace
            className={name === tab ? 'shop-tabs__tab shop-tabs__tab--current' : 'shop-tabs__tab'}
            aria-current={name === tab ? 'page' : undefined}
          >
            <span className="shop-tabs__label">{t(`shop_tab_${name}`)}</span>
            <span className="shop-tabs__count">{formatNumber(counts[name], language)}</span>
          </Link>
        ))}
      </nav>
      <div className="shop-page__panel">
        {tab === 'employees' ? (
          <Suspense fallback={<Loader />}>
            <EmployeesPanel shop={data} me={me} viewerRole={viewerRole} />
          </Suspense>
        ) : tab === 'reviews' ? (
          <ShopReviews
            shop={data}
            me={me}
            isStaff={!!viewerRole}
            page={page}
            hrefFor={(to) => tabHref('reviews', to)}
          />
        ) : (
          <>
            {/* The list's heading, for screen readers (the cards' names are h3). */}
            <h2 className="visually-hidden">{t(`shop_tab_${tab}`)}</h2>
            <ShopProducts
              shopId={data.id}
              type={TYPE_OF[tab]}
              page={page}
              hrefFor={(to) => tabHref(tab, to)}
            />
          </>
        )}
      </div>
      <LazyConfirmModal
        open={confirming}
        title={t('delete_shop')}
        message={t('confirm_delete_shop')}
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** Server rendering: the shop (a 404 if there is none) and the page of its list in the address. */
export async function prefetch({ params, searchParams, client }: PrefetchContext) {
  const id = idParam(params.id);
  const tab = searchParams.get('tab');
  const type = TYPE_OF[tab === 'demands' ? 'demands' : 'offers'];
  const page = readPage(searchParams.get('page'));
  await Promise.all([
    client.fetchQuery(shopQuery(id)),
    tab === 'employees'
      ? null
      : tab === 'reviews'
        ? client.prefetchQuery(shopRatingsQuery(id, page))
        : client.prefetchQuery(shopProductsQuery(id, type, page)),
  ]);
}

export { ShopPage as Component };

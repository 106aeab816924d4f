import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { PAGINATION_WINDOW_LISTS } from '../../../../shared/constants';
import { EmptyState } from '../../../components/empty-state';
import { AlertIcon, StoreIcon } from '../../../components/icons';
import { Loader } from '../../../components/loader';
import { Pagination } from '../../../components/pagination';
import { Scroller } from '../../../components/scroller';
import { paths } from '../../../lib/paths';
import { useShopsPage } from '../api/shops-page';
import { readListParams } from '../list-params';
import { ShopCard } from './shop-card';
import './subcategory-row.css';

/**
 * The home's shops tab (SPEC §2: shop sliders): a page of GET /shops/paginate/all/0 in a
 * Scroller, page links under it (SPEC §2 "Pagination"); professional shops get their own row.
 */
export function ShopsTab() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { page } = readListParams(params);
  const shops = useShopsPage(page);

  if (shops.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={32} />}
        title={t('unknown_error')}
        action={
          <button
            type="button"
            className="button button--secondary"
            onClick={() => shops.refetch()}
          >
            {t('retry')}
          </button>
        }
      />
    );
  }
  if (!shops.data) return <Loader block />;
  if (shops.data.data.length === 0) {
    return <EmptyState icon={<StoreIcon size={32} />} title={t('no_shops')} />;
  }
  const professional = shops.data.data.filter((shop) => shop.is_professional);
  const others = shops.data.data.filter((shop) => !shop.is_professional);
  const rows = [
    { key: 'professional', title: t('professional_shops'), shops: professional },
    { key: 'others', title: t('other_shops'), shops: others },
  ].filter((row) => row.shops.length > 0);

  return (
    <div className="shops-tab" aria-busy={shops.isFetching}>
      {rows.map((row) => (
        <section key={row.key} className="subcategory-row" aria-labelledby={`shops-${row.key}`}>
          <div className="subcategory-row__header">
            <h2 id={`shops-${row.key}`} className="subcategory-row__title">
              {row.title}
            </h2>
          </div>
          <Scroller label={row.title}>
            {row.shops.map((shop) => (
              <ShopCard key={shop.id} shop={shop} />
            ))}
          </Scroller>
        </section>
      ))}
      <Pagination
        currentPage={shops.data.current_page}
        lastPage={shops.data.last_page}
        radius={PAGINATION_WINDOW_LISTS}
        hrefFor={(next) => `${paths.home}?tab=shops${next > 1 ? `&page=${next}` : ''}`}
      />
    </div>
  );
}

import { useTranslation } from '../../lib/use-translation';
import { Link, useParams } from 'react-router';
import { productName } from '../../../shared/domain/products';
import type { Insights } from '../../../shared/schemas/insights';
import { FormAlert } from '../../components/form-field';
import { Loader } from '../../components/loader';
import { UserText } from '../../components/user-text';
import { formErrorsOf } from '../../lib/form-errors';
import { formatNumber } from '../../lib/format';
import { HttpError } from '../../lib/http';
import { isLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShopInsights } from './api/insights';
import { useShop } from './api/shop';
import { InsightsChart } from './components/insights-chart';
import { NotFoundShop } from './components/not-found-shop';
import './components/insights.css';

// /shops/insights/{id} (issue 19 item 6): what the shop's offers did over 30 days, for its staff:
// totals, a chart per day, and a table per offer (docs/insights.md).

const TOTALS = ['views', 'phone', 'call', 'whatsapp', 'share', 'save', 'bump'] as const;
const COLUMNS = ['views', 'phone', 'call', 'whatsapp', 'share', 'save', 'bump'] as const;

export function InsightsPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const id = Number(useParams().id);
  const shop = useShop(id);
  const insights = useShopInsights(id);
  useDocumentTitle(t('insights_title'));

  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundShop />;
  if (insights.isPending || shop.isPending) return <Loader block />;
  if (insights.isError) {
    const status = insights.error instanceof HttpError ? insights.error.status : 0;
    if (status === 404) return <NotFoundShop />;
    return (
      <div className="container insights-page">
        <h1>{t('insights_title')}</h1>
        {status === 403 ? (
          <p className="insights-page__refused" role="alert">
            {t('insights_staff_only')}
          </p>
        ) : (
          <FormAlert messages={formErrorsOf(insights.error, []).general} />
        )}
      </div>
    );
  }
  const data: Insights = insights.data;
  const today = data.days[data.days.length - 1];
  const sum = (key: (typeof TOTALS)[number]) => data.days.reduce((s, d) => s + d[key], 0);
  const n = (value: number) => formatNumber(value, language);

  return (
    <div className="container insights-page">
      <header className="insights-page__header">
        <h1>{t('insights_title')}</h1>
        {shop.data && (
          <Link to={paths.shop(id)} className="insights-page__shop">
            <UserText text={shop.data.name} />
          </Link>
        )}
        <p className="insights-page__period">
          {t('insights_period', { value: n(data.days.length) })}
        </p>
      </header>

      <section className="insights-page__today card" aria-labelledby="insights-today">
        <h2 id="insights-today">{t('insights_today')}</h2>
        <p data-testid="insights-today">
          {t('insights_today_views', { value: n(today.views) })}
          {' · '}
          {t('insights_today_whatsapp', { value: n(today.whatsapp) })}
          {' · '}
          {t('insights_today_call', { value: n(today.call) })}
        </p>
      </section>

      <dl className="insights-page__totals">
        {TOTALS.map((key) => (
          <div key={key} className="insights-page__total card">
            <dt>{t(`insights_${key}`)}</dt>
            <dd>{n(sum(key))}</dd>
          </div>
        ))}
      </dl>

      <section className="card insights-page__chart" aria-labelledby="insights-chart">
        <h2 id="insights-chart">{t('insights_per_day')}</h2>
        <InsightsChart days={data.days} language={language} />
      </section>

      <section className="card insights-page__offers" aria-labelledby="insights-offers">
        <h2 id="insights-offers">{t('insights_per_offer')}</h2>
        {data.offers.length === 0 ? (
          <p>{t('insights_no_offers')}</p>
        ) : (
          <div className="insights-table__scroll">
            <table className="insights-table">
              <thead>
                <tr>
                  <th scope="col">{t('insights_offer')}</th>
                  {COLUMNS.map((key) => (
                    <th key={key} scope="col">
                      {t(`insights_${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.offers.map((offer) => (
                  <tr key={offer.id}>
                    <th scope="row">
                      <Link to={paths.product(offer.id)}>
                        <UserText text={productName(offer, language)} />
                      </Link>
                    </th>
                    {COLUMNS.map((key) => (
                      <td key={key} data-label={t(`insights_${key}`)}>
                        {n(offer[key])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export { InsightsPage as Component };

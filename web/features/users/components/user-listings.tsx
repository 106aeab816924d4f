import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { PublicProfile } from '../../../../shared/schemas/users';
import { EmptyState } from '../../../components/empty-state';
import { FormAlert } from '../../../components/form-field';
import { StoreIcon } from '../../../components/icons';
import { Loader } from '../../../components/loader';
import { UserText } from '../../../components/user-text';
import { formErrorsOf } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { OfferCard } from '../../products';
import { useUserOffers } from '../api/user-offers';
import './user-listings.css';

/** Cards shown on the public page; the personal shop's page has them all. */
const SHOWN_OFFERS = 8;
/** The first cards load their image at once, the rest lazily. */
const EAGER_CARDS = 2;

/**
 * A user's public page is not a dead end (issue 20): the shops they own, then the offers of their
 * personal shop, with a link to all of them.
 */
export function UserListings({ user }: { user: PublicProfile }) {
  const { t } = useTranslation();
  const personal = user.shops.find((shop) => !shop.is_professional);
  const professional = user.shops.filter((shop) => shop.is_professional);
  const offers = useUserOffers(personal?.id);

  return (
    <>
      {professional.length > 0 && (
        <section className="user-listings" aria-labelledby="user-shops">
          <h2 id="user-shops" className="user-listings__title">
            {t('user_shops')}
          </h2>
          <ul className="user-listings__shops">
            {professional.map((shop) => (
              <li key={shop.id}>
                <Link to={paths.shop(shop.id)} className="card user-listings__shop">
                  <span className="user-listings__logo">
                    {shop.logo_small_url ? (
                      <img src={shop.logo_small_url} alt="" width={40} height={40} />
                    ) : (
                      <StoreIcon size={22} />
                    )}
                  </span>
                  <UserText text={shop.name} className="user-listings__shop-name" />
                  <span className="shop-badge shop-badge--pro">{t('professional_badge')}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {personal && (
        <section className="user-listings" aria-labelledby="user-offers">
          <header className="user-listings__header">
            <h2 id="user-offers" className="user-listings__title">
              {t('user_offers', { name: user.first_name })}
            </h2>
            {offers.data && offers.data.total > SHOWN_OFFERS && (
              <Link to={paths.shop(personal.id)} className="user-listings__all">
                {t('see_all')}
              </Link>
            )}
          </header>
          {offers.isPending ? (
            <Loader block />
          ) : offers.isError ? (
            <FormAlert messages={formErrorsOf(offers.error, []).general} />
          ) : offers.data.data.length === 0 ? (
            <EmptyState title={t('user_no_offers')} />
          ) : (
            <ul className="product-grid">
              {offers.data.data.slice(0, SHOWN_OFFERS).map((product, index) => (
                <li key={product.id} className="product-grid__item">
                  <OfferCard product={product} eager={index < EAGER_CARDS} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

import { useTranslation } from '../../../lib/use-translation';
import type { Shop } from '../../../../shared/schemas/shops';
import { ContactList } from '../../../components/contact-list';
import { ReadMore } from '../../../components/read-more';
import { ShopMap } from '../../../components/shop-map';
import { StoreIcon } from '../../../components/icons';
import { CalendarIcon, TagIcon } from '../../../components/page-icons';
import { UserText } from '../../../components/user-text';
import { formatDate } from '../../../lib/format';
import { isLanguage } from '../../../lib/i18n';
import { catalogName } from '../../../../shared/domain/catalog-names';
import type { ReactNode } from 'react';
import { VerifiedBadge } from '../../../components/verified-badge';
import { RatingStars } from '../../../components/rating-stars';
import './shop-header.css';
import { useOrigin } from '../../../lib/use-origin';
import { TapPhoneButton } from '../../products';

// SPEC §2 "Shop header": cover, logo, name, phones, email, more infos, map; SPEC §9: professional
// shops show their updated date, the others their created date.

interface ShopHeaderProps {
  shop: Shop;
  /** Edit and delete, for those allowed. */
  actions?: ReactNode;
}

export function ShopHeader({ shop, actions }: ShopHeaderProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const numbersShown = [
    shop.phone_1,
    shop.phone_2,
    shop.first_whatsapp_number,
    shop.second_whatsapp_number,
  ].some(Boolean);
  const date = shop.is_professional
    ? t('shop_updated_on', { date: formatDate(shop.updated_at, language) })
    : t('shop_created_on', { date: formatDate(shop.created_at, language) });
  const url = `${useOrigin()}/shops/shop/${shop.id}`;
  const message = t('whatsapp_message', { name: shop.name, url });
  return (
    <header className="card shop-header">
      <div className="shop-header__cover">
        {/* The box is fixed in CSS (132 / 220 px high): the cover never moves the page. */}
        {shop.cover_url && <img src={shop.cover_url} alt="" width={1200} height={220} />}
      </div>
      <div className="shop-header__main">
        <div className="shop-header__logo">
          {shop.logo_small_url ? (
            <img
              src={shop.logo_small_url}
              alt={t('logo_of', { name: shop.name })}
              width={120}
              height={120}
            />
          ) : (
            <StoreIcon size={40} />
          )}
        </div>
        <div className="shop-header__title">
          <UserText as="h1" className="shop-header__name" text={shop.name} />
          <ul className="shop-header__facts">
            <li>
              <span className={shop.is_professional ? 'shop-badge shop-badge--pro' : 'shop-badge'}>
                {shop.is_professional ? t('shop_kind_professional') : t('shop_kind_personal')}
              </span>
            </li>
            {shop.phone_verified_at && (
              <li>
                <VerifiedBadge verifiedAt={shop.phone_verified_at} />
              </li>
            )}
            {shop.rating_count > 0 && (
              <li className="shop-header__fact">
                <RatingStars average={shop.rating_average} count={shop.rating_count} />
              </li>
            )}
            {shop.pcategory && (
              <li className="shop-header__fact">
                <TagIcon size={16} />
                {catalogName(shop.pcategory, language, t, (key) => i18n.exists(key))}
              </li>
            )}
            <li className="shop-header__fact">
              <CalendarIcon size={16} />
              {date}
            </li>
          </ul>
        </div>
        {actions && <div className="shop-header__actions">{actions}</div>}
      </div>
      <div className="shop-header__details">
        {shop.description && <ReadMore text={shop.description} className="shop-header__text" />}
        {/* Issue 29 item 2: the numbers come on a tap (its staff have them in the answer). */}
        {shop.has_phone && !numbersShown && (
          <div className="shop-header__phone">
            <TapPhoneButton
              source={{ kind: 'shop', id: shop.id }}
              compact={false}
              message={message}
            />
          </div>
        )}
        <ContactList
          phones={[shop.phone_1, shop.phone_2]}
          whatsapps={[shop.first_whatsapp_number, shop.second_whatsapp_number]}
          email={shop.email}
          message={message}
        />
        {shop.more_infos && (
          <div className="shop-header__more">
            <h2 className="shop-header__subtitle">{t('more_infos')}</h2>
            <ReadMore text={shop.more_infos} />
          </div>
        )}
      </div>
      <ShopMap shop={shop} className="shop-header__map" />
    </header>
  );
}

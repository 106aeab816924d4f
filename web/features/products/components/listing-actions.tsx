import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { FormAlert } from '../../../components/form-field';
import { formErrorsOf } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { isLanguage } from '../../../lib/i18n';
import {
  canBump,
  canMarkSold,
  canRenew,
  canUndoSold,
  isExpired,
  isSoldListing,
  nextBumpAt,
  soldEndsAt,
} from '../../../../shared/domain/listing';
import { useListingAction, type ListingAction } from '../api/listing';
import './listing-actions.css';

// Issue 32: an offer's life for whoever manages it (its shop's managers, or the staff member who
// posted it): until when it is online, and renew, bump, mark sold or undo, each one tap. Used on
// the offer's page and in "My offers". An expired one offers renewal alone (the server refuses a
// bump or a sale of it with product_expired).

export interface ListingItem {
  id: number;
  type: 'offer' | 'demand';
  created_at: string;
  expires_at?: string;
  bumped_at?: string | null;
  sold_at?: string | null;
}

export function ListingActions({ item }: { item: ListingItem }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const action = useListingAction();
  const [errors, setErrors] = useState<string[]>([]);
  if (!item.expires_at) return null;
  const listing = {
    created_at: item.created_at,
    expires_at: item.expires_at,
    bumped_at: item.bumped_at ?? null,
    sold_at: item.sold_at ?? null,
  };
  const date = (ms: number | string) => formatDate(new Date(ms), language);
  const sold = isSoldListing(listing);
  const expired = isExpired(listing);
  const demand = item.type === 'demand';

  async function run(kind: ListingAction) {
    setErrors([]);
    try {
      await action.mutateAsync({ id: item.id, action: kind });
    } catch (error) {
      setErrors(formErrorsOf(error, []).general);
    }
  }
  const busy = action.isPending;
  const button = (kind: ListingAction, label: string, primary = false) => (
    <button
      type="button"
      className={`button ${primary ? 'button--primary' : 'button--secondary'} listing-actions__button`}
      onClick={() => void run(kind)}
      disabled={busy}
      aria-busy={busy && action.variables?.action === kind}
      data-action={kind}
    >
      {label}
    </button>
  );

  return (
    <div className="listing-actions">
      <p className="listing-actions__state">
        {sold
          ? t(demand ? 'listing_satisfied_on' : 'listing_sold_on', { date: date(listing.sold_at!) })
          : expired
            ? t('listing_expired_on', { date: date(listing.expires_at) })
            : t('listing_online_until', { date: date(listing.expires_at) })}
      </p>
      <div className="listing-actions__buttons">
        {!sold && canRenew(listing) && button('renew', t('listing_renew'), true)}
        {/* Expired: renewal only (edit and delete are beside); bump and sale follow a renewal. */}
        {!sold &&
          !expired &&
          (canBump(listing) ? (
            button('bump', t('listing_bump'))
          ) : (
            <span className="listing-actions__hint">
              {t('listing_next_bump', { date: date(nextBumpAt(listing)) })}
            </span>
          ))}
        {canMarkSold(listing) &&
          button('sold', t(demand ? 'listing_mark_satisfied' : 'listing_mark_sold'))}
        {canUndoSold(listing) && (
          <>
            {button('unsold', t('listing_undo_sold'))}
            <span className="listing-actions__hint">
              {t('listing_undo_until', { date: date(soldEndsAt(listing)) })}
            </span>
          </>
        )}
      </div>
      <FormAlert messages={errors} />
    </div>
  );
}

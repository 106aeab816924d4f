import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Popover } from '../../../components/popover';
import { Loader } from '../../../components/loader';
import { PhoneIcon } from '../../../components/product-icons';
import type { Phones } from '../../../../shared/schemas/insights';
import { HttpError } from '../../../lib/http';
import { usePrefetchProductPhone, useProductPhone } from '../api/product-phone';
import { sendProductEvent } from '../api/product-events';
import { PhoneLinks } from './phone-button';
import './product-phone-button.css';

const callable = (phones: Phones) => phones.phone_1 ?? phones.phone_2;

/**
 * The compact card's call button (issue 19 item 5): lists carry no numbers, so the menu asks GET
 * /products/{id}/phone when it opens (already on pointer down or focus, so the numbers are
 * usually there by the time the menu shows), then offers the same call and WhatsApp links as
 * before: still one tap on the button and one on the link, and the link's own tap opens the
 * dialler (a phone lets only a user gesture do that, which a script after a fetch is not).
 */
export function ProductPhoneButton({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const prefetch = usePrefetchProductPhone(productId);
  const phones = useProductPhone(productId, asked);
  const ask = () => {
    if (asked) return;
    setAsked(true);
    prefetch();
  };
  return (
    <span className="product-phone" onPointerDown={ask} onFocus={ask} onClick={ask}>
      <Popover
        className="phone-button"
        label={t('phone_show')}
        triggerClassName="icon-button phone-button__trigger"
        trigger={<PhoneIcon size={18} />}
      >
        {(close) =>
          phones.isPending ? (
            <Loader />
          ) : phones.isError ? (
            <p className="menu-list__note" role="alert">
              {phones.error instanceof HttpError && phones.error.status === 429
                ? t('too_many_attempts')
                : t('phone_failed')}
            </p>
          ) : !callable(phones.data) && !phones.data.whatsapp_number ? (
            <p className="menu-list__note">{t('phone_none')}</p>
          ) : (
            <PhoneLinks
              phone={callable(phones.data)}
              whatsapp={phones.data.whatsapp_number ?? callable(phones.data)}
              onAction={(kind) => sendProductEvent(productId, kind)}
              close={close}
            />
          )
        }
      </Popover>
    </span>
  );
}

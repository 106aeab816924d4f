import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Popover } from '../../../components/popover';
import { Loader } from '../../../components/loader';
import { PhoneIcon } from '../../../components/product-icons';
import type { Phones } from '../../../../shared/schemas/insights';
import { HttpError } from '../../../lib/http';
import { usePhones, usePrefetchPhones, type PhoneSource } from '../api/product-phone';
import { sendProductEvent } from '../api/product-events';
import { PhoneLinks } from './phone-button';
import './product-phone-button.css';

const distinct = (numbers: (string | null)[]) => [
  ...new Set(numbers.filter((n): n is string => !!n)),
];

/** The numbers to call, and those to message (WhatsApp falls back to the phone, as before). */
export function phoneRows(phones: Phones) {
  const calls = distinct([phones.phone_1, phones.phone_2]);
  const whatsapps = distinct([
    phones.whatsapp_number ?? calls[0] ?? null,
    phones.second_whatsapp_number,
  ]);
  return { calls, whatsapps };
}

interface TapPhoneButtonProps {
  source: PhoneSource;
  /** Only the icon (cards); otherwise the icon and "Show the number" (pages). */
  compact?: boolean;
  /** Told of each call or WhatsApp tap (an offer's insights count them). */
  onAction?: (kind: 'call' | 'whatsapp') => void;
  /** The WhatsApp message, prefilled (pages name what the visitor writes about). */
  message?: string;
}

/**
 * The call button of cards and pages (issue 19 item 5, issue 29 item 2): answers carry no
 * numbers, so the menu asks for them when it opens (already on pointer down or focus, so the
 * numbers are usually there by the time the menu shows), then offers plain call and WhatsApp
 * links: still one tap on the button and one on the link, and the link's own tap opens the
 * dialler (a phone lets only a user gesture do that, which a script after a fetch is not).
 */
export function TapPhoneButton({ source, compact = true, onAction, message }: TapPhoneButtonProps) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const prefetch = usePrefetchPhones(source);
  const phones = usePhones(source, asked);
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
        triggerClassName={compact ? 'icon-button phone-button__trigger' : 'phone-button__trigger'}
        trigger={
          compact ? (
            <PhoneIcon size={18} />
          ) : (
            <>
              <PhoneIcon size={18} />
              <span>{t('phone_show')}</span>
            </>
          )
        }
      >
        {(close) => {
          if (phones.isPending) return <Loader />;
          if (phones.isError) {
            return (
              <p className="menu-list__note" role="alert">
                {phones.error instanceof HttpError && phones.error.status === 429
                  ? t('too_many_attempts')
                  : t('phone_failed')}
              </p>
            );
          }
          const { calls, whatsapps } = phoneRows(phones.data);
          if (!calls.length && !whatsapps.length) {
            return <p className="menu-list__note">{t('phone_none')}</p>;
          }
          return (
            <PhoneLinks
              phones={calls}
              whatsapps={whatsapps}
              message={message}
              onAction={onAction}
              close={close}
            />
          );
        }}
      </Popover>
    </span>
  );
}

/** The compact card's call button: the offer's shop's numbers, each tap in its insights. */
export function ProductPhoneButton({ productId }: { productId: number }) {
  return (
    <TapPhoneButton
      source={{ kind: 'product', id: productId }}
      onAction={(kind) => sendProductEvent(productId, kind)}
    />
  );
}

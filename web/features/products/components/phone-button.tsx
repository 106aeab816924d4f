import { useTranslation } from '../../../lib/use-translation';
import { internationalPhone, whatsappLink } from '../../../../shared/domain/phone';
import { Popover } from '../../../components/popover';
import { PhoneIcon, WhatsappIcon } from '../../../components/product-icons';
import './phone-button.css';

interface PhoneButtonProps {
  /** The 8-digit number to call. */
  phone: string;
  /** The WhatsApp number when it differs from the phone; the phone itself otherwise. */
  whatsapp?: string | null;
  /** Show only the icon (tight spots such as the compact card). */
  compact?: boolean;
  className?: string;
  /** Told of each call or WhatsApp tap (the offer's insights count them). */
  onAction?: (kind: 'call' | 'whatsapp') => void;
}

/** 22 00 00 02: Mauritanian numbers read in pairs. */
export function displayPhone(phone: string): string {
  return phone.replace(/(\d{2})(?=\d)/g, '$1 ');
}

/**
 * SPEC §2: a phone button offering a call (tel:+222…) and a WhatsApp message (wa.me/222…), for
 * the numbers of shops and users.
 */
export function PhoneButton({
  phone,
  whatsapp,
  compact = false,
  className,
  onAction,
}: PhoneButtonProps) {
  const { t } = useTranslation();
  const shown = displayPhone(phone);
  const messaging = whatsapp || phone;
  return (
    <Popover
      className={['phone-button', className].filter(Boolean).join(' ')}
      label={t('phone_actions', { phone: shown })}
      triggerClassName={compact ? 'icon-button phone-button__trigger' : 'phone-button__trigger'}
      trigger={
        <>
          <PhoneIcon size={18} />
          {!compact && (
            <span className="phone-button__number" dir="ltr">
              {shown}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <PhoneLinks phones={[phone]} whatsapps={[messaging]} onAction={onAction} close={close} />
      )}
    </Popover>
  );
}

/**
 * The call (tel:+222…) and WhatsApp (wa.me/222…) links of numbers: plain links, so that the tap
 * itself opens the dialler or WhatsApp (a phone only lets a user gesture do that).
 */
export function PhoneLinks({
  phones,
  whatsapps,
  message,
  onAction,
  close,
}: {
  phones: string[];
  whatsapps: string[];
  /** The WhatsApp message, prefilled. */
  message?: string;
  onAction?: (kind: 'call' | 'whatsapp') => void;
  close: () => void;
}) {
  const { t } = useTranslation();
  const text = message ? `?text=${encodeURIComponent(message)}` : '';
  return (
    <ul className="menu-list">
      {phones.map((phone) => (
        <li key={`call:${phone}`}>
          <a
            className="menu-list__item"
            href={`tel:${internationalPhone(phone)}`}
            onClick={() => {
              onAction?.('call');
              close();
            }}
          >
            <PhoneIcon size={18} />
            <span>
              {t('call')} <bdi dir="ltr">{displayPhone(phone)}</bdi>
            </span>
          </a>
        </li>
      ))}
      {whatsapps.map((whatsapp) => (
        <li key={`whatsapp:${whatsapp}`}>
          <a
            className="menu-list__item"
            href={`${whatsappLink(whatsapp)}${text}`}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => {
              onAction?.('whatsapp');
              close();
            }}
          >
            <WhatsappIcon size={18} className="phone-button__whatsapp" />
            <span>
              {t('whatsapp')} <bdi dir="ltr">{displayPhone(whatsapp)}</bdi>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

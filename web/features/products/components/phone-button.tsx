import { useTranslation } from 'react-i18next';
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
}

/** 22 00 00 02: Mauritanian numbers read in pairs. */
export function displayPhone(phone: string): string {
  return phone.replace(/(\d{2})(?=\d)/g, '$1 ');
}

/**
 * SPEC §2: a phone button offering a call (tel:+222…) and a WhatsApp message (wa.me/222…), for
 * the numbers of shops and users.
 */
export function PhoneButton({ phone, whatsapp, compact = false, className }: PhoneButtonProps) {
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
        <ul className="menu-list">
          <li>
            <a
              className="menu-list__item"
              href={`tel:${internationalPhone(phone)}`}
              onClick={close}
            >
              <PhoneIcon size={18} />
              <span>
                {t('call')} <bdi dir="ltr">{shown}</bdi>
              </span>
            </a>
          </li>
          <li>
            <a
              className="menu-list__item"
              href={whatsappLink(messaging)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
            >
              <WhatsappIcon size={18} className="phone-button__whatsapp" />
              <span>
                {t('whatsapp')} <bdi dir="ltr">{displayPhone(messaging)}</bdi>
              </span>
            </a>
          </li>
        </ul>
      )}
    </Popover>
  );
}

import { useTranslation } from '../lib/use-translation';
import { internationalPhone, whatsappLink } from '../../shared/domain/phone';
import { PhoneIcon } from './icons';
import { MailIcon, WhatsAppIcon } from './page-icons';
import './contact-list.css';

// The contact block of the shop header and the user card (SPEC §2): each number with its call
// link (tel:+222…) and, for WhatsApp numbers, a wa.me link with a message already written in the
// page's language; the e-mail as a mailto: link.

export interface ContactListProps {
  phones: (string | null)[];
  whatsapps: (string | null)[];
  email?: string | null;
  /** The WhatsApp message, prefilled (it names what the visitor writes about, with its link). */
  message: string;
}

/** 8 digits in pairs, as Mauritanians write them: 22 12 34 56. */
export const displayPhone = (number: string) => number.replace(/(\d{2})(?=\d)/g, '$1 ');

/** One row per number: a number that is both a phone and a WhatsApp number gets both links. */
export function contactRows(phones: (string | null)[], whatsapps: (string | null)[]) {
  const rows = new Map<string, { number: string; call: boolean; whatsapp: boolean }>();
  const add = (number: string | null, kind: 'call' | 'whatsapp') => {
    if (!number) return;
    const row = rows.get(number) ?? { number, call: false, whatsapp: false };
    row[kind] = true;
    rows.set(number, row);
  };
  phones.forEach((number) => add(number, 'call'));
  whatsapps.forEach((number) => add(number, 'whatsapp'));
  return [...rows.values()];
}

export function ContactList({ phones, whatsapps, email, message }: ContactListProps) {
  const { t } = useTranslation();
  const rows = contactRows(phones, whatsapps);
  if (!rows.length && !email) return null;
  return (
    <ul className="contact-list" aria-label={t('contact')}>
      {rows.map((row) => (
        <li key={row.number} className="contact-list__row">
          <span className="contact-list__icon">
            {row.call ? <PhoneIcon size={18} /> : <WhatsAppIcon size={18} />}
          </span>
          <span className="contact-list__value" dir="ltr">
            {displayPhone(row.number)}
          </span>
          <span className="contact-list__actions">
            {row.call && (
              <a
                className="button button--secondary contact-list__button"
                href={`tel:${internationalPhone(row.number)}`}
              >
                <PhoneIcon size={16} />
                {t('call')}
              </a>
            )}
            {row.whatsapp && (
              <a
                className="button button--whatsapp contact-list__button"
                href={`${whatsappLink(row.number)}?text=${encodeURIComponent(message)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                <WhatsAppIcon size={16} />
                {t('whatsapp')}
              </a>
            )}
          </span>
        </li>
      ))}
      {email && (
        <li className="contact-list__row">
          <span className="contact-list__icon">
            <MailIcon size={18} />
          </span>
          <a className="contact-list__value contact-list__email" dir="ltr" href={`mailto:${email}`}>
            {email}
          </a>
        </li>
      )}
    </ul>
  );
}

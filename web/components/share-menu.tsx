import { useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { CheckIcon } from './icons';
import { Popover } from './popover';
import { FacebookIcon, LinkIcon, MailIcon, ShareIcon, WhatsappIcon } from './product-icons';
import './share-menu.css';

interface ShareMenuProps {
  /** The absolute address to share. */
  url: string;
  /** The offer's name, in the message. */
  title: string;
  /** Told when a way of sharing is chosen (the offer's insights count shares). */
  onShare?: () => void;
}

/** Copies text: the Clipboard API where the page may use it, a hidden text area otherwise. */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand?.('copy') ?? false;
    area.remove();
    return done;
  }
}

/**
 * SPEC §2's sharing: copy the link, Facebook, e-mail and WhatsApp, plus the device's own share
 * sheet (Web Share API) where the browser has one.
 */
export function ShareMenu({ url, title, onShare }: ShareMenuProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = t('share_text', { name: title });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const encoded = encodeURIComponent(url);

  return (
    <Popover
      className="share-menu"
      label={t('share')}
      triggerClassName="button button--secondary share-menu__trigger"
      trigger={
        <>
          <ShareIcon size={18} />
          <span>{t('share')}</span>
        </>
      }
    >
      {(close) => (
        // Every item is a way of sharing: one listener tells of any of them.
        <ul className="menu-list" onClickCapture={() => onShare?.()}>
          {canShare && (
            <li>
              <button
                type="button"
                className="menu-list__item"
                onClick={() => {
                  close();
                  navigator.share({ title, text, url }).catch(() => {
                    // Dismissed by the user: nothing to do.
                  });
                }}
              >
                <ShareIcon size={18} />
                <span>{t('share_device')}</span>
              </button>
            </li>
          )}
          <li>
            <button
              type="button"
              className="menu-list__item"
              onClick={async () => {
                if (await copy(url)) {
                  setCopied(true);
                  window.setTimeout(() => setCopied(false), 2500);
                }
              }}
            >
              {copied ? <CheckIcon size={18} /> : <LinkIcon size={18} />}
              <span>{copied ? t('link_copied') : t('copy_link')}</span>
            </button>
            <span className="visually-hidden" role="status">
              {copied ? t('link_copied') : ''}
            </span>
          </li>
          <li>
            <a
              className="menu-list__item"
              href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
            >
              <WhatsappIcon size={18} className="phone-button__whatsapp" />
              <span>{t('share_whatsapp')}</span>
            </a>
          </li>
          <li>
            <a
              className="menu-list__item"
              href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
            >
              <FacebookIcon size={18} className="share-menu__facebook" />
              <span>{t('share_facebook')}</span>
            </a>
          </li>
          <li>
            <a
              className="menu-list__item"
              href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n${url}`)}`}
              onClick={close}
            >
              <MailIcon size={18} />
              <span>{t('share_mail')}</span>
            </a>
          </li>
        </ul>
      )}
    </Popover>
  );
}

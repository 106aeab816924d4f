import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation } from 'react-router';
import { CheckIcon, CloseIcon } from '../../components/icons';

import { noticeOf } from '../../lib/notice';

/** The success notice a page was reached with (lib/notice.ts), until closed. */
export function FlashNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const notice = noticeOf(location.state);
  const shown = notice !== null && closedAt !== location.key;
  const element = useRef<HTMLParagraphElement>(null);
  // A notice given to the page one was on (an offer deleted from the details modal, the list
  // scrolled down) comes into view.
  useEffect(() => {
    if (shown) element.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown, location.key]);
  if (!shown) return null;
  return (
    <div className="container">
      <p ref={element} className="flash-notice" role="status">
        <CheckIcon size={18} />
        <span>{t(notice)}</span>
        <button
          type="button"
          className="icon-button flash-notice__close"
          aria-label={t('close')}
          onClick={() => setClosedAt(location.key)}
        >
          <CloseIcon size={16} />
        </button>
      </p>
    </div>
  );
}

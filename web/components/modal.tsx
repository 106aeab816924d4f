import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open modals, innermost last: only the innermost one handles keys and keeps the focus. */
const stack: object[] = [];

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'dialog' for content, 'alertdialog' for a question that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Element to focus first (a CSS selector inside the modal); the first focusable one otherwise. */
  initialFocus?: string;
  size?: 'small' | 'large';
  describedBy?: string;
  /** Hide the close button in the corner (a confirmation has its own 'no'). */
  hideClose?: boolean;
}

/**
 * A modal dialog: focus moves inside and stays there (Tab wraps), Escape and a click on the
 * backdrop close it, and focus returns where it was.
 */
export function Modal({
  title,
  onClose,
  children,
  role = 'dialog',
  initialFocus,
  size = 'small',
  describedBy,
  hideClose = false,
}: ModalProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const token = {};
    stack.push(token);
    const isTop = () => stack[stack.length - 1] === token;
    const previous = document.activeElement as HTMLElement | null;
    const element = panel.current!;
    const first =
      (initialFocus && element.querySelector<HTMLElement>(initialFocus)) ||
      element.querySelector<HTMLElement>(FOCUSABLE) ||
      element;
    first.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    function onKeyDown(event: KeyboardEvent) {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = focusable[0];
      const lastItem = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !element.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !element.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    // Focus that escapes (a click on the page behind) is brought back.
    function onFocusIn(event: FocusEvent) {
      if (isTop() && !element.contains(event.target as Node)) first.focus();
    }
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(token), 1);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [initialFocus]);

  return createPortal(
    <div className="modal" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`modal__panel modal__panel--${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {!hideClose && (
            <button type="button" className="icon-button" aria-label={t('close')} onClick={onClose}>
              <CloseIcon />
            </button>
          )}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}

import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../lib/use-translation';
import { CloseIcon } from './icons';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
 * A modal dialog: the native <dialog> shown with showModal(), so the browser puts it in the top
 * layer and makes the page behind it inert (no focus, no clicks, hidden from screen readers). Escape
 * (the dialog's `cancel`) and a click on the backdrop ask the owner to close it; Tab wraps inside
 * it rather than leaving for the browser's toolbar; the focus returns where it was. A dialog opened
 * from another one (a confirmation) stacks on top and takes Escape first.
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
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  // Layout effect: the dialog is open and focused before the browser paints it.
  useLayoutEffect(() => {
    const element = dialog.current!;
    const previous = document.activeElement as HTMLElement | null;
    if (!element.open) element.showModal();
    const first =
      (initialFocus && element.querySelector<HTMLElement>(initialFocus)) ||
      element.querySelector<HTMLElement>(FOCUSABLE) ||
      element;
    first.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    // Escape: the owner decides (it unmounts the dialog, or keeps it while busy).
    function onCancel(event: Event) {
      event.preventDefault();
      closeRef.current();
    }
    // Closed by the browser without a cancel it could refuse (a repeated Escape, see CloseWatcher).
    function onNativeClose() {
      closeRef.current();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Tab') return;
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (item) => item.closest('dialog') === element,
      );
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = focusable[0];
      const lastItem = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || active === element)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && active === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    element.addEventListener('cancel', onCancel);
    element.addEventListener('close', onNativeClose);
    element.addEventListener('keydown', onKeyDown);
    return () => {
      element.removeEventListener('cancel', onCancel);
      element.removeEventListener('close', onNativeClose);
      element.removeEventListener('keydown', onKeyDown);
      if (element.open) element.close();
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [initialFocus]);

  return createPortal(
    <dialog
      ref={dialog}
      className={`modal modal--${size}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      // The panel fills the dialog: a press on the dialog itself is one on its backdrop.
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="modal__panel">
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
    </dialog>,
    document.body,
  );
}

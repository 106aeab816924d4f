import { useId } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Modal } from './modal';
import './confirm-modal.css';

export interface ConfirmModalProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Defaults to the generic 'Confirmation'. */
  title?: string;
  /** Defaults to the generic confirmation message (SPEC §2). */
  message?: string;
  /** The 'yes' action is running: its button shows it and both stay put. */
  busy?: boolean;
  /** 'danger' (the default) for what destroys; 'normal' for an ordinary step, such as accepting. */
  tone?: 'danger' | 'normal';
}

/** SPEC §2: title, a generic confirmation message, yes and no. 'No' has the focus first. */
export function ConfirmModal({
  open,
  onConfirm,
  onCancel,
  title,
  message,
  busy = false,
  tone = 'danger',
}: ConfirmModalProps) {
  const { t } = useTranslation();
  const messageId = useId();
  if (!open) return null;
  return (
    <Modal
      title={title ?? t('confirm_title')}
      onClose={onCancel}
      role="alertdialog"
      describedBy={messageId}
      initialFocus="[data-confirm-no]"
      hideClose
    >
      <p id={messageId} className="modal__message">
        {message ?? t('confirm_message')}
      </p>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--secondary"
          data-confirm-no
          onClick={onCancel}
        >
          {t('no')}
        </button>
        <button
          type="button"
          className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {busy && <span className="loader__spinner loader__spinner--small" aria-hidden="true" />}
          {t('yes')}
        </button>
      </div>
    </Modal>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Modal } from '../../../components/modal';
import './moderation-tab.css';
import { ModerationNoteField } from './moderation-note-field';

export function BanDialog({
  name,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  name: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Modal title={t('moderation_ban_title', { name })} onClose={onCancel}>
      <form
        method="post"
        className="moderation-ban"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reason);
        }}
      >
        <p className="modal__message">{t('moderation_ban_text')}</p>
        <ModerationNoteField
          className="moderation-ban__reason"
          label={t('moderation_ban_reason')}
          rows={3}
          value={reason}
          onChange={setReason}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('report_cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={busy} aria-busy={busy}>
            {t('moderation_ban')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Modal } from '../../../components/modal';
import {
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ModeratedType,
  type ReportReason,
} from '../../../../shared/domain/trust';
import { useReportItem, type ReportAnswer } from '../api/report-item';
import './report-dialog.css';

export interface ReportDialogProps {
  type: ModeratedType;
  id: number;
  onClose: () => void;
  onReported: (answer: ReportAnswer['report']) => void;
}

/** Issue 19: a report says why (a reason, and optionally a few words). */
export function ReportDialog({ type, id, onClose, onReported }: ReportDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const mutation = useReportItem(type, id);
  const textId = useId();
  return (
    <Modal title={t('report_title')} onClose={onClose}>
      <form
        method="post"
        className="report-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) return;
          mutation.mutate({ reason, text }, { onSuccess: (answer) => onReported(answer.report) });
        }}
      >
        <fieldset className="report-dialog__reasons">
          <legend>{t('report_reason')}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className="report-dialog__reason">
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              <span>{t(`report_why_${r}_label`)}</span>
            </label>
          ))}
        </fieldset>
        <label htmlFor={textId}>{t('report_text')}</label>
        <textarea
          id={textId}
          name="text"
          dir="auto"
          maxLength={REPORT_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {mutation.isError && <p className="form-error">{t('report_failed')}</p>}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('report_cancel')}
          </button>
          <button
            type="submit"
            className="button button--danger"
            disabled={!reason || mutation.isPending}
            aria-busy={mutation.isPending}
          >
            {t('report_send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useMe } from '../../../lib/use-me';
import { LazyConfirmModal } from '../../../components/lazy-confirm-modal';
import { FlagIcon } from '../../../components/product-icons';
import { patchProduct } from '../api/product';
import { useSetReport, type ReportState } from '../api/report';
import { useSignInRedirect } from '../../../components/use-sign-in-redirect';
import { LazyReportDialog } from './lazy-report-dialog';
import './report-button.css';

export type { ReportState };

interface ReportButtonProps {
  productId: number;
  reported: boolean;
  onChange?: (state: ReportState) => void;
  /** Called once the action is chosen (closes the menu it sits in). */
  onDone?: () => void;
  className?: string;
}

/**
 * SPEC §4: report an offer once (issue 19: with a reason, POST /products/{id}/reports); removing the report asks for a
 * confirmation first (…/remove/{id}). SPEC §8: a failed call leaves the button busy. The caller
 * hides it from the shop's own staff (SPEC §6, can.reportProduct); anonymous visitors are sent to
 * the sign-in page.
 */
export function ReportButton({
  productId,
  reported: reportedProp,
  onChange,
  onDone,
  className = 'menu-list__item',
}: ReportButtonProps) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const setReport = useSetReport();
  const queryClient = useQueryClient();
  const signIn = useSignInRedirect();
  const [reported, setReported] = useState(reportedProp);
  const [seen, setSeen] = useState(reportedProp);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [choosing, setChoosing] = useState(false);
  if (seen !== reportedProp) {
    setSeen(reportedProp);
    setReported(reportedProp);
  }

  async function send(add: boolean) {
    setBusy(true);
    try {
      const answer = await setReport(productId, add);
      setReported(answer.reported);
      setBusy(false);
      onChange?.(answer);
      onDone?.();
    } catch {
      // SPEC §8: a failed report leaves the loading flag on.
    }
  }

  return (
    <>
      <button
        type="button"
        className={[className, reported && 'report-button--reported'].filter(Boolean).join(' ')}
        aria-pressed={reported}
        disabled={busy}
        aria-busy={busy}
        onClick={(event) => {
          event.stopPropagation();
          if (!me) signIn();
          else if (reported) setConfirming(true);
          // Issue 19: a new report says why (POST /products/{id}/reports).
          else setChoosing(true);
        }}
      >
        {busy ? (
          <span className="loader__spinner loader__spinner--small" aria-hidden="true" />
        ) : (
          <FlagIcon size={18} />
        )}
        <span>{reported ? t('unreport') : t('report')}</span>
      </button>
      {choosing && (
        <LazyReportDialog
          type="product"
          id={productId}
          onClose={() => setChoosing(false)}
          onReported={({ reports_count }) => {
            const answer = { reported: true, reports_count };
            setChoosing(false);
            setReported(true);
            patchProduct(queryClient, productId, answer);
            onChange?.(answer);
            onDone?.();
          }}
        />
      )}
      <LazyConfirmModal
        open={confirming}
        message={t('confirm_unreport')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void send(false);
        }}
      />
    </>
  );
}

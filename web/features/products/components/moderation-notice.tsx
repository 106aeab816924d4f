import { useTranslation } from '../../../lib/use-translation';
import type { ModerationState } from '../../../../shared/schemas/trust';
import './moderation-notice.css';

/**
 * Issue 19: what the author (and staff) read on an offer that others cannot see: under review,
 * hidden by moderators or hidden with a banned account, and the reasons reported.
 */
export function ModerationNotice({
  moderation,
}: {
  moderation: ModerationState | null | undefined;
}) {
  const { t } = useTranslation();
  if (!moderation || moderation.status === 'visible') return null;
  const reasons = moderation.reasons.map((r) => t(`report_why_${r}_label`)).join(' · ');
  return (
    <div className="moderation-notice" role="status">
      <strong>{t(`moderation_status_${moderation.status}`)}</strong>
      <p>{t('under_review_text')}</p>
      {/* Issue 19: a new account's offer with a phone number or a link waits for a moderator. */}
      {moderation.flag === 'contact_in_text' && <p>{t('under_review_contact_in_text')}</p>}
      {reasons && <p>{t('under_review_reasons', { reasons })}</p>}
    </div>
  );
}

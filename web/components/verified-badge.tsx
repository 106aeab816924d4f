import { useTranslation } from '../lib/use-translation';
import { CheckIcon } from './icons';
import './verified-badge.css';

/**
 * Issue 21: shown where a phone number proved by a code is offered (the user page, shop pages,
 * offer cards). `compact`: the icon alone, its text for screen readers and as a tooltip.
 */
export function VerifiedBadge({
  verifiedAt,
  compact = false,
}: {
  verifiedAt: string | null | undefined;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (!verifiedAt) return null;
  const label = t('phone_verified');
  return (
    <span
      className={compact ? 'verified-badge verified-badge--compact' : 'verified-badge'}
      title={label}
      data-testid="verified-badge"
    >
      <CheckIcon size={compact ? 16 : 14} aria-hidden="true" />
      {compact ? <span className="visually-hidden">{label}</span> : label}
    </span>
  );
}

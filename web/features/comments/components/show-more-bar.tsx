import { useTranslation } from '../../../lib/use-translation';
import './show-more-bar.css';

interface ShowMoreBarProps {
  label: string;
  loaded: number;
  total: number;
  loading: boolean;
  /** The last 'show more' failed: the same button tries again. */
  failed?: boolean;
  onClick: () => void;
}

/** 'Show more' with SPEC §2's '(loaded of total)' counter, above the items it adds to. */
export function ShowMoreBar({ label, loaded, total, loading, failed, onClick }: ShowMoreBarProps) {
  const { t } = useTranslation();
  return (
    <div className="show-more">
      <button
        type="button"
        className="link-button show-more__button"
        onClick={onClick}
        disabled={loading}
        aria-busy={loading}
      >
        {loading && <span className="loader__spinner loader__spinner--tiny" aria-hidden="true" />}
        {label}
      </button>
      <span className="show-more__count">{t('loaded_of_total', { loaded, total })}</span>
      {failed && !loading && (
        <span className="show-more__error" role="alert">
          {t('network_error')}
        </span>
      )}
    </div>
  );
}

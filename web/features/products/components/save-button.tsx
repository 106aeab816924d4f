import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useMe } from '../../../lib/use-me';
import { LazyConfirmModal } from '../../../components/lazy-confirm-modal';
import { BookmarkIcon } from '../../../components/icons';
import { useSetFavorite, type SaveState } from '../api/favorite';
import { useSignInRedirect } from '../../../components/use-sign-in-redirect';
import './save-button.css';

export type { SaveState };

interface SaveButtonProps {
  productId: number;
  saved: boolean;
  savedCount: number;
  onChange?: (state: SaveState) => void;
  /** A smaller button, for cards. */
  compact?: boolean;
}

/**
 * SPEC §4: save an offer (GET /products/favorite/add/{id}) or, after a confirmation, remove it
 * (…/remove/{id}); the count beside it is saved_count. SPEC §8: when the call fails the button
 * stays busy. Anonymous visitors are sent to the sign-in page.
 */
export function SaveButton({
  productId,
  saved: savedProp,
  savedCount,
  onChange,
  compact = false,
}: SaveButtonProps) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const setFavorite = useSetFavorite();
  const signIn = useSignInRedirect();
  const [state, setState] = useState<SaveState>({ saved: savedProp, saved_count: savedCount });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A new answer from the server (another page's action, a refetch) replaces what is shown.
  const [seen, setSeen] = useState({ savedProp, savedCount });
  if (seen.savedProp !== savedProp || seen.savedCount !== savedCount) {
    setSeen({ savedProp, savedCount });
    setState({ saved: savedProp, saved_count: savedCount });
  }

  async function send(add: boolean) {
    setBusy(true);
    try {
      const answer = await setFavorite(productId, add);
      setState(answer);
      setBusy(false);
      onChange?.(answer);
    } catch {
      // SPEC §8: a failed save leaves the loading flag on.
    }
  }

  function onClick() {
    if (!me) {
      signIn();
      return;
    }
    if (state.saved) setConfirming(true);
    else void send(true);
  }

  const action = state.saved ? t('unsave') : t('save_offer');
  // The name is the button's own text (WCAG 2.5.3: a voice user says what they see), then how many
  // saved it; a compact button shows only the count, so its action is read but not shown.
  const shown = compact ? action : state.saved ? t('saved') : t('save_offer');
  return (
    <>
      <button
        type="button"
        className={[
          'save-button',
          compact && 'save-button--compact',
          state.saved && 'save-button--saved',
        ]
          .filter(Boolean)
          .join(' ')}
        aria-pressed={state.saved}
        title={action}
        disabled={busy || me === undefined}
        aria-busy={busy}
        onClick={(event) => {
          event.stopPropagation();
          onClick();
        }}
      >
        {busy ? (
          <span className="loader__spinner loader__spinner--small" aria-hidden="true" />
        ) : (
          <BookmarkIcon size={18} className="save-button__icon" />
        )}
        <span className={compact ? 'visually-hidden' : undefined}>{shown}</span>
        <span className="save-button__count" aria-hidden="true">
          {state.saved_count}
        </span>{' '}
        <span className="visually-hidden">({t('saved_count', { count: state.saved_count })})</span>
      </button>
      <LazyConfirmModal
        open={confirming}
        message={t('confirm_unsave')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void send(false);
        }}
      />
    </>
  );
}

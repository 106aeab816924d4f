import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { REACTION_KINDS, type ReactionKind } from '../../../../shared/constants';
import type { ReactionCounts, ReactionableType } from '../../../../shared/schemas/reactions';
import { joinList } from '../../../../shared/domain/language';
import { useMe } from '../../../lib/use-me';
import { Popover } from '../../../components/popover';
import { ReactionIcon } from './reaction-icons';
import { useReact } from '../api/react';
import { useSignInRedirect } from '../../../components/use-sign-in-redirect';
import './reactions-bar.css';

export interface ReactionState extends ReactionCounts {
  reaction: ReactionKind | null;
}

/** The top three kinds by count, ties in SPEC's order, kinds with none left out (SPEC §9). */
export function topKinds(counts: Omit<ReactionCounts, 'top' | 'reactions_count'>): ReactionKind[] {
  return REACTION_KINDS.map((kind, order) => ({ kind, order, count: counts[`${kind}_count`] }))
    .filter((k) => k.count > 0)
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, 3)
    .map((k) => k.kind);
}

/**
 * What choosing `kind` does (SPEC §3, docs/products.md): the same kind again takes it back,
 * another replaces it. Counts move by one, the total and the top three follow.
 */
export function applyReaction(state: ReactionState, kind: ReactionKind): ReactionState {
  const next = { ...state };
  if (state.reaction)
    next[`${state.reaction}_count`] = Math.max(0, next[`${state.reaction}_count`] - 1);
  const taken = state.reaction === kind;
  if (!taken) next[`${kind}_count`] += 1;
  next.reaction = taken ? null : kind;
  next.reactions_count = REACTION_KINDS.reduce((sum, k) => sum + next[`${k}_count`], 0);
  next.top = topKinds(next);
  return next;
}

function stateOf(counts: ReactionCounts, reaction: ReactionKind | null): ReactionState {
  return {
    like_count: counts.like_count,
    haha_count: counts.haha_count,
    love_count: counts.love_count,
    wow_count: counts.wow_count,
    sad_count: counts.sad_count,
    angry_count: counts.angry_count,
    reactions_count: counts.reactions_count,
    top: counts.top,
    reaction,
  };
}

interface ReactionsBarProps {
  type: ReactionableType;
  id: number;
  counts: ReactionCounts;
  /** The viewer's own reaction. */
  reaction: ReactionKind | null;
  onChange?: (state: ReactionState) => void;
  compact?: boolean;
}

/**
 * Reactions on a product, comment or command (SPEC §3, §7, §9): a picker of the six kinds
 * (POST /reactions/create/{type}/{id} {name}) and a summary of the top three kinds with the total.
 * The change shows at once and is rolled back if the server refuses it; anonymous visitors are
 * sent to the sign-in page.
 */
export function ReactionsBar({
  type,
  id,
  counts,
  reaction,
  onChange,
  compact = false,
}: ReactionsBarProps) {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const react = useReact();
  const signIn = useSignInRedirect();
  const [state, setState] = useState(() => stateOf(counts, reaction));
  const [seen, setSeen] = useState({ counts, reaction });
  if (seen.counts !== counts || seen.reaction !== reaction) {
    setSeen({ counts, reaction });
    setState(stateOf(counts, reaction));
  }
  const [pending, setPending] = useState(0);

  async function choose(kind: ReactionKind) {
    const before = state;
    const optimistic = applyReaction(state, kind);
    setState(optimistic);
    setPending((n) => n + 1);
    try {
      const reactionable = await react(type, id, kind);
      const confirmed = stateOf(reactionable, reactionable.reaction);
      setState(confirmed);
      onChange?.(confirmed);
    } catch {
      // The server did not take it: show what was there before.
      setState(before);
    } finally {
      setPending((n) => n - 1);
    }
  }

  const current = state.reaction;
  const summary = (
    <span className="reactions-bar__summary" aria-hidden="true">
      {state.top.length > 0 && (
        <span className="reactions-bar__top">
          {state.top.map((kind) => (
            <span key={kind} className="reactions-bar__emoji">
              <ReactionIcon kind={kind} size={18} />
            </span>
          ))}
        </span>
      )}
      <span className="reactions-bar__total">{state.reactions_count}</span>
    </span>
  );
  const summaryText = joinList(
    [
      ...state.top.map((kind) => `${t(`reaction_${kind}`)} ${state[`${kind}_count`]}`),
      t('reactions_total', { count: state.reactions_count }),
    ],
    i18n.language,
  );

  const trigger = (
    <>
      <span className="reactions-bar__mine" aria-hidden="true">
        {current ? <ReactionIcon kind={current} size={20} /> : <LikeOutline />}
      </span>
      {!compact && <span>{current ? t(`reaction_${current}`) : t('react')}</span>}
    </>
  );
  const triggerClass = ['reactions-bar__button', current && 'reactions-bar__button--active']
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={['reactions-bar', compact && 'reactions-bar--compact'].filter(Boolean).join(' ')}
      aria-busy={pending > 0}
    >
      {me ? (
        <Popover
          label={current ? `${t('react')} (${t(`reaction_${current}`)})` : t('react')}
          triggerClassName={triggerClass}
          trigger={trigger}
          align="start"
          above
        >
          {(close) => (
            <ul className="reactions-bar__picker" aria-label={t('react')}>
              {REACTION_KINDS.map((kind) => (
                <li key={kind}>
                  <button
                    type="button"
                    className="reactions-bar__choice"
                    aria-pressed={current === kind}
                    aria-label={current === kind ? t('remove_reaction') : t(`reaction_${kind}`)}
                    title={t(`reaction_${kind}`)}
                    onClick={(event) => {
                      event.stopPropagation();
                      close();
                      void choose(kind);
                    }}
                  >
                    <ReactionIcon kind={kind} size={32} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover>
      ) : (
        <button
          type="button"
          className={triggerClass}
          aria-label={t('sign_in_to_react')}
          disabled={me === undefined}
          onClick={(event) => {
            event.stopPropagation();
            signIn();
          }}
        >
          {trigger}
        </button>
      )}
      <span className="reactions-bar__summary-wrap" title={summaryText}>
        {summary}
        <span className="visually-hidden">{summaryText}</span>
      </span>
    </div>
  );
}

/** 'React' before any reaction: an outlined thumb. */
function LikeOutline() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="icon"
    >
      <path d="M3.5 10.5h3.5V20H3.5zM7 20V10.5l4-6.5c1.3-.4 2.5.5 2.3 1.9l-.6 3.6h4.6c1.3 0 2.2 1.2 1.9 2.4l-1.6 6.4c-.3 1-1.2 1.7-2.2 1.7z" />
    </svg>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { COMMENTS_PAGE_SIZE } from '../../../../shared/constants';
import { EmptyState } from '../../../components/empty-state';
import { ChatIcon } from '../../../components/page-icons';
import { Loader } from '../../../components/loader';
import { productKeys } from '../../products';
import { useSetCachedComment, type Comment, type CommentableType } from '../api/comment';
import { useCommentsPageLoader } from '../api/list-comments';
import { listFooter, loadedCount, useShowMore } from '../show-more';
import type { ThreadRules } from '../thread';
import { CommentInput } from './comment-input';
import { CommentItem } from './comment-item';
import { ShowMoreBar } from './show-more-bar';
import './comments-list.css';

interface CommentsListProps {
  type: CommentableType;
  id: number;
  /** The depth of this list's comments: 1 on a product or a command, the parent's + 1 below. */
  depth: number;
  rules: ThreadRules;
  /** The input box: always there (a product's, a command's thread) or opened by a 'reply'. */
  inputOpen: boolean;
  /** Changes each time the input box should take the focus. */
  focusSignal?: number;
  /** The parent's count changes with what is written and deleted here (SPEC §4). */
  onCountChange?: (delta: number) => void;
  /** A top-level list: its count above, and a word when there is nothing yet. */
  showEmpty?: boolean;
  /** Replies: the name of the comment they answer, shown on each (issue 20 item 8). */
  replyingTo?: string;
  /** A reply was sent from a box a 'reply' opened: the box closes (issue 20 item 9). */
  onSent?: () => void;
}

/**
 * A list of comments or replies (SPEC §2): three at a time, 'show more' with '(loaded of total)',
 * each loaded batch sorted and placed before what is shown; the input box at the end.
 */
export function CommentsList({
  type,
  id,
  depth,
  rules,
  inputOpen,
  focusSignal,
  onCountChange,
  showEmpty = false,
  replyingTo,
  onSent,
}: CommentsListProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setCached = useSetCachedComment();
  const fetchPage = useCommentsPageLoader(type, id);
  const list = useShowMore<Comment>(fetchPage, COMMENTS_PAGE_SIZE);
  const { state } = list;
  // A 'reply' on a comment at the depth limit opens this list's own box (SPEC §4).
  const [openedHere, setOpenedHere] = useState(false);
  const [ownFocus, setOwnFocus] = useState(0);

  const footer = listFooter(state);
  const loaded = loadedCount(state);
  const reply = depth > 1;
  const showInput = rules.canWrite && (inputOpen || openedHere);

  // A product's own count (its comments tab's label) follows what is written on it.
  const productChanged = () => {
    if (type === 'product')
      void queryClient.invalidateQueries({ queryKey: productKeys.detail(id) });
  };
  const onCreated = (comment: Comment) => {
    setCached(comment);
    list.add(comment);
    onCountChange?.(1);
    productChanged();
    if (reply) {
      setOpenedHere(false);
      onSent?.();
    }
  };
  const onDeleted = (commentId: number) => {
    list.remove(commentId);
    onCountChange?.(-1);
    productChanged();
  };
  const openOwnInput = () => {
    setOpenedHere(true);
    setOwnFocus((n) => n + 1);
  };

  return (
    <div className={`comments-list comments-list--depth-${depth}`}>
      {showEmpty && state.status === 'ready' && state.total > 0 && (
        <p className="comments-list__count">{t('comments_count', { count: state.total })}</p>
      )}
      {state.status === 'loading' && <Loader />}
      {state.status === 'error' && (
        <p className="comments-list__error" role="alert">
          {t('network_error')}{' '}
          <button type="button" className="link-button" onClick={list.retry}>
            {t('retry')}
          </button>
        </p>
      )}
      {footer.canShowMore && (
        <ShowMoreBar
          label={reply ? t('show_more_replies') : t('show_more_comments')}
          loaded={loaded}
          total={state.total}
          loading={state.loadingMore}
          failed={state.failed}
          onClick={list.showMore}
        />
      )}
      {state.items.length > 0 && (
        <ol className="comments-list__items">
          {state.items.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                rules={rules}
                removed={state.removed.includes(comment.id)}
                onDeleted={() => onDeleted(comment.id)}
                onReplyAtLimit={openOwnInput}
                replyingTo={replyingTo}
              />
            </li>
          ))}
        </ol>
      )}
      {showEmpty && state.status === 'ready' && state.total === 0 && state.items.length === 0 && (
        <EmptyState title={t('no_comments')} icon={<ChatIcon size={28} />} />
      )}
      {showInput && (
        <CommentInput
          type={type}
          id={id}
          placeholder={reply ? t('reply_placeholder') : t('comment_placeholder')}
          onCreated={onCreated}
          focusSignal={(focusSignal ?? 0) + ownFocus}
        />
      )}
    </div>
  );
}

import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { can } from '../../../../shared/domain/permissions';
import { Avatar } from '../../../components/avatar';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ReactionsBar } from '../../products';
import { ReadMore } from '../../../components/read-more';
import { RelativeTime } from '../../../components/relative-time';
import { UserText } from '../../../components/user-text';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/use-me';
import { useComment, useUpdateCachedComment, type Comment } from '../api/comment';
import { deleteComment } from '../api/delete-comment';
import { countsFor, countsOf } from '../reactions';
import { replyTarget, type ThreadRules } from '../thread';
import { CommentEditForm } from './comment-edit-form';
import { CommentsList } from './comments-list';
import { ItemMenu } from './item-menu';
import './comment-input.css';
import './comment-item.css';

interface CommentItemProps {
  comment: Comment;
  rules: ThreadRules;
  /** Deleted: a short notice shows in its place until the list lets it go (SPEC §4). */
  removed?: boolean;
  onDeleted: () => void;
  /** 'Reply' at the depth limit opens the parent's input box instead (SPEC §4). */
  onReplyAtLimit: () => void;
  /** The single comment page opens the replies (and the reply box, for who may write) at once. */
  repliesOpen?: boolean;
  /** A reply: the name of the comment's author it answers. */
  replyingTo?: string;
}

/** SPEC §2's comment: photo, name linking to the profile, text, date, reply, reactions, menu. */
export function CommentItem({
  comment: initial,
  rules,
  removed = false,
  onDeleted,
  onReplyAtLimit,
  repliesOpen: openAtFirst = false,
  replyingTo,
}: CommentItemProps) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const comment = useComment(initial.id, initial).data ?? initial;
  const updateCached = useUpdateCachedComment();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [repliesOpen, setRepliesOpen] = useState(openAtFirst);
  const [replyBox, setReplyBox] = useState(openAtFirst && rules.canWrite);
  const [focusSignal, setFocusSignal] = useState(0);
  // One object per version of the comment: the bar takes a new one as a change from outside.
  const counts = useMemo(() => countsFor(comment), [comment]);

  if (removed) {
    return (
      <p className="comment-removed" role="status">
        {t('comment_deleted')}
      </p>
    );
  }

  // A deleted account's comment stays, its author shown as "deleted account" (issue 34 item 5).
  const author = comment.user;
  const name = author ? `${author.first_name} ${author.last_name}` : t('deleted_account');
  const canReplies = comment.depth < rules.maxDepth;
  const edited = comment.updated_at !== comment.created_at;

  const onReply = () => {
    if (replyTarget(comment.depth, rules.maxDepth) === 'parent') {
      onReplyAtLimit();
      return;
    }
    setRepliesOpen(true);
    setReplyBox(true);
    setFocusSignal((n) => n + 1);
  };

  async function confirmDelete() {
    setDeleting(true);
    try {
      await deleteComment(comment.id);
      setConfirming(false);
      onDeleted();
    } catch {
      // SPEC §8: a failed delete stops its loading indicator, without a message.
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <article className="comment" aria-label={t('comment_by', { name })}>
      {author ? (
        <Link
          to={paths.user(author.id)}
          className="comment__avatar"
          tabIndex={-1}
          aria-hidden="true"
        >
          <Avatar
            name={name}
            photo={author.photo_small_url ?? author.photo}
            size={comment.depth > 1 ? 30 : 36}
          />
        </Link>
      ) : (
        <span className="comment__avatar" aria-hidden="true">
          <Avatar name={name} size={comment.depth > 1 ? 30 : 36} />
        </span>
      )}
      <div className="comment__main">
        {editing ? (
          <CommentEditForm
            comment={comment}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              updateCached(comment.id, () => saved);
              setEditing(false);
            }}
          />
        ) : (
          <div className="comment__bubble">
            <div className="comment__head">
              {author ? (
                <Link to={paths.user(author.id)} className="comment__author">
                  <UserText text={name} />
                </Link>
              ) : (
                <span className="comment__author comment__author--deleted">{name}</span>
              )}
              <ItemMenu
                label={t('comment_options')}
                editLabel={t('edit_comment')}
                deleteLabel={t('delete_comment')}
                onEdit={can.editComment(me, comment) ? () => setEditing(true) : undefined}
                onDelete={can.deleteComment(me, comment) ? () => setConfirming(true) : undefined}
                report={
                  can.reportItem(me, comment) ? { type: 'comment', id: comment.id } : undefined
                }
              />
            </div>
            {replyingTo && (
              <p className="comment__replying-to">
                {t('replying_to')} <UserText text={replyingTo} />
              </p>
            )}
            <ReadMore text={comment.text} className="comment__text" />
          </div>
        )}
        <div className="comment__meta">
          <RelativeTime date={comment.created_at} />
          {edited && <span className="comment__edited">{t('comment_edited')}</span>}
          {rules.canWrite && !editing && (
            <button type="button" className="link-button comment__reply" onClick={onReply}>
              {t('reply')}
            </button>
          )}
          <ReactionsBar
            type="comment"
            id={comment.id}
            counts={counts}
            reaction={comment.reaction}
            compact
            onChange={(state) => updateCached(comment.id, (c) => ({ ...c, ...countsOf(state) }))}
          />
        </div>
        {canReplies && comment.comments_count > 0 && (
          <button
            type="button"
            className="link-button comment__replies-toggle"
            aria-expanded={repliesOpen}
            onClick={() => {
              setRepliesOpen((open) => !open);
              setReplyBox(false);
            }}
          >
            {repliesOpen
              ? t('hide_replies_count', { count: comment.comments_count })
              : t('show_replies_count', { count: comment.comments_count })}
          </button>
        )}
        {canReplies && repliesOpen && (
          <CommentsList
            type="comment"
            id={comment.id}
            depth={comment.depth + 1}
            rules={rules}
            inputOpen={replyBox}
            focusSignal={focusSignal}
            replyingTo={name}
            onSent={() => setReplyBox(false)}
            onCountChange={(delta) =>
              updateCached(comment.id, (c) => ({
                ...c,
                comments_count: Math.max(0, c.comments_count + delta),
              }))
            }
          />
        )}
      </div>
      <ConfirmModal
        open={confirming}
        busy={deleting}
        message={t('confirm_delete_comment')}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </article>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { can } from '../../../shared/domain/permissions';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMarkNotificationRead } from '../../lib/use-mark-notification-read';
import { useMe } from '../../lib/use-me';
import { paths } from '../../lib/paths';
import { commentQuery, useComment, type Comment } from './api/comment';
import { productQuery, useProduct } from '../products';
import { shopRoleOf } from '../../components/viewer';
import { threadCommandQuery, useThreadCommand } from './api/thread-command';
import { CommentInput } from './components/comment-input';
import { CommentItem } from './components/comment-item';
import { ItemPageState } from './components/item-page-state';
import { ProductContext } from './components/product-context';
import { CommentsTab } from './comments-tab';
import { maxDepthOf } from './thread';
import './comment-page.css';
import { idParam, type PrefetchContext } from '../../lib/prefetch';

/** The single command page's path; the notification id is optional when linking from here. */
const commandPath = (id: number) => `/commands/command/${id}`;
const commentPath = (id: number) => `/comments/comment/${id}`;

/**
 * /comments/comment/{id}/{notificationId} (SPEC §2): the comment with its replies, the product it
 * is about, and the rest of the conversation on request. Opening it marks the notification read;
 * deleting the comment here goes home (SPEC §4).
 */
function CommentPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const id = Number(params.id);
  useMarkNotificationRead(params.notificationId);
  useDocumentTitle(t('comment_page_title'));
  const { data: me } = useMe();
  const query = useComment(id);
  const comment = query.data;
  const product = useProduct(comment?.product_id ?? 0);
  const command = useThreadCommand(comment?.command_id);
  const [siblingBox, setSiblingBox] = useState(0);
  const [siblings, setSiblings] = useState<Comment[]>([]);
  const [allOpen, setAllOpen] = useState(false);

  // Who may reply is known once the viewer (and, under a command, the command) is.
  const ready =
    me !== undefined && (!comment?.command_id || (command.isFetched && product.isFetched));
  if (!comment || !ready) {
    return (
      <div className="container conversation-page">
        <ItemPageState
          error={query.error}
          goneTitle={t('comment_not_found')}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }

  const shopRole = product.data ? shopRoleOf(me, product.data.shop_id) : null;
  const canWrite = comment.command_id
    ? !!command.data && can.replyToCommand(me, command.data, shopRole)
    : can.interact(me);
  const rules = { maxDepth: maxDepthOf(comment), canWrite };

  return (
    <div className="container conversation-page">
      <h1 className="conversation-page__title">{t('comment_page_title')}</h1>
      {product.data && <ProductContext product={product.data} />}
      <nav className="conversation-page__links">
        {comment.parent_id && (
          <Link to={commentPath(comment.parent_id)}>{t('see_parent_comment')}</Link>
        )}
        {comment.command_id && <Link to={commandPath(comment.command_id)}>{t('see_command')}</Link>}
      </nav>
      <section className="conversation-page__item card">
        <CommentItem
          key={comment.id}
          comment={comment}
          rules={rules}
          repliesOpen
          onDeleted={() => navigate(paths.home)}
          onReplyAtLimit={() => setSiblingBox((n) => n + 1)}
        />
        {siblings.map((sibling) => (
          <CommentItem
            key={sibling.id}
            comment={sibling}
            rules={rules}
            onDeleted={() => setSiblings((list) => list.filter((c) => c.id !== sibling.id))}
            onReplyAtLimit={() => setSiblingBox((n) => n + 1)}
          />
        ))}
        {siblingBox > 0 && canWrite && (
          <CommentInput
            type={comment.commentable_type}
            id={comment.commentable_id}
            placeholder={t('reply_placeholder')}
            focusSignal={siblingBox}
            onCreated={(created) => setSiblings((list) => [...list, created])}
          />
        )}
      </section>
      {!comment.command_id && (
        <section className="conversation-page__all" aria-labelledby="all-comments">
          <h2 id="all-comments" className="conversation-page__subtitle">
            {t('all_comments_on_product')}
          </h2>
          {allOpen ? (
            <CommentsTab productId={comment.product_id} />
          ) : (
            <button
              type="button"
              className="button button--secondary"
              aria-expanded={false}
              onClick={() => setAllOpen(true)}
            >
              {t('show_all_comments')}
            </button>
          )}
        </section>
      )}
    </div>
  );
}

export { CommentPage as Component };

/** Server rendering: the comment (a 404 if there is none), its offer and its command if any. */
export async function prefetch({ params, client }: PrefetchContext) {
  const comment = await client.fetchQuery(commentQuery(idParam(params.id)));
  await Promise.all([
    client.prefetchQuery(productQuery(comment.product_id)),
    comment.command_id ? client.prefetchQuery(threadCommandQuery(comment.command_id)) : null,
  ]);
}

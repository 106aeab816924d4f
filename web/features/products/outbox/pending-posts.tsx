import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { CloseIcon } from '../../../components/icons';
import { useErrorText } from '../../../components/form-field';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/use-me';
import { useSaveProduct } from '../api/save-product';
import { createOutbox, formDataOf, memoryStore, type SendPost } from './outbox';
import { indexedDbStore } from './outbox-store';
import './pending-posts.css';

// The app's one outbox (docs/offline.md), in IndexedDB; in memory where there is none (tests).
const fallback = memoryStore();
export const outbox = createOutbox(() =>
  typeof indexedDB === 'undefined' ? fallback : indexedDbStore,
);

export function useOutbox() {
  return useSyncExternalStore(outbox.subscribe, outbox.getState, outbox.getState);
}

const RETRY_MS = 30_000;

/** Sends the signed-in user's waiting posts now, and each time the network comes back. */
function useSendWhenOnline() {
  const { data: me } = useMe();
  const saveProduct = useSaveProduct();
  const userId = me?.id;
  useEffect(() => {
    if (userId === undefined) return;
    const send: SendPost = (post) => saveProduct({ type: post.type }, formDataOf(post), () => {});
    const flush = () => void outbox.flush(userId, send);
    if (navigator.onLine) flush();
    window.addEventListener('online', flush);
    // A network that fails while the browser thinks it is online sends no event: try again.
    const timer = window.setInterval(() => navigator.onLine && flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
    };
    // saveProduct is a new function each render; the user and the network decide when to send.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
}

/**
 * In the shell: the signed-in user's offers waiting for the network, those refused (with the
 * server's reasons) and those just sent (with a link to the offer).
 */
export function PendingPosts() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { data: me } = useMe();
  const { posts, sent, sending } = useOutbox();
  useSendWhenOnline();
  const mine = posts.filter((post) => post.userId === me?.id);
  const waiting = mine.filter((post) => post.status === 'waiting');
  const failed = mine.filter((post) => post.status === 'failed');
  if (!waiting.length && !failed.length && !sent.length) return null;
  const dismiss = (id: string) => (
    <button
      type="button"
      className="icon-button pending-posts__close"
      aria-label={t('close')}
      onClick={() => void outbox.dismiss(id)}
    >
      <CloseIcon size={16} />
    </button>
  );
  return (
    <div className="container pending-posts">
      {waiting.length > 0 && (
        <div className="pending-posts__item pending-posts__item--waiting" role="status">
          <p className="pending-posts__title">
            {t('pending_posts', { count: waiting.length })}
            {sending && navigator.onLine && ` · ${t('pending_post_sending')}`}
          </p>
          <ul className="pending-posts__list">
            {waiting.map((post) => (
              <li key={post.id}>{post.title}</li>
            ))}
          </ul>
        </div>
      )}
      {failed.map((post) => (
        <div key={post.id} className="pending-posts__item pending-posts__item--failed" role="alert">
          <div className="pending-posts__body">
            <p className="pending-posts__title">
              {t('pending_post_failed', { title: post.title })}
            </p>
            <ul className="pending-posts__list">
              {Object.values(post.errors ?? {})
                .flat()
                .map((key) => (
                  <li key={key}>{errorText(key)}</li>
                ))}
            </ul>
          </div>
          {dismiss(post.id)}
        </div>
      ))}
      {sent.map(({ id, title, product }) => (
        <div key={id} className="pending-posts__item pending-posts__item--sent" role="status">
          <p className="pending-posts__body">
            {t('pending_post_sent', { title })}{' '}
            <Link to={paths.product(product.id)} onClick={() => void outbox.dismiss(id)}>
              {t('pending_post_open')}
            </Link>
          </p>
          {dismiss(id)}
        </div>
      ))}
    </div>
  );
}

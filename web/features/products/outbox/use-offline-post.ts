import { useEffect, useState } from 'react';
import type { Product } from '../../../../shared/schemas/products';
import { HttpError } from '../../../lib/http';
import type { PendingPost } from './outbox';
import { outbox, useOutbox } from './pending-posts';

type NewPost = Omit<PendingPost, 'id' | 'createdAt' | 'status'>;

/**
 * The product form's side of the outbox: `keep` stores a post the network refused; while it
 * waits, `waiting` is true; once sent, `onSent` gets the offer; if the server refuses it,
 * `onRefused` gets the refusal (shown under the form's fields) and the post is forgotten.
 */
export function useOfflinePost(
  onSent: (product: Product) => void,
  onRefused: (error: HttpError) => void,
) {
  const [queued, setQueued] = useState<string | null>(null);
  const { posts, sent } = useOutbox();
  const done = queued ? sent.find((item) => item.id === queued) : undefined;
  const refused = queued
    ? posts.find((post) => post.id === queued && post.status === 'failed')
    : undefined;

  useEffect(() => {
    if (!done) return;
    void outbox.dismiss(done.id);
    onSent(done.product);
    // Once per sent post.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);
  useEffect(() => {
    if (!refused) return;
    void outbox.dismiss(refused.id);
    onRefused(new HttpError(422, refused.errors ?? { global: ['unknown_error'] }));
    // Once per refused post.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused]);

  return {
    waiting: posts.some((post) => post.id === queued && post.status === 'waiting'),
    keep: async (post: NewPost) => setQueued((await outbox.add(post)).id),
  };
}

/** A failure of the network itself (web/lib/http.ts), not a refusal by the server. */
export const isNetworkError = (error: unknown) => error instanceof HttpError && error.status === 0;

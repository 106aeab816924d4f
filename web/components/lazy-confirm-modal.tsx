import { lazy, Suspense } from 'react';
import { afterDictionary } from '../lib/i18n';
import type { ConfirmModalProps } from './confirm-modal';

// The confirmation of a page's first view (an offer card's "unsave", "unreport"): its code, and the
// rest of the dictionary, are loaded when it first opens, not with the page.
const ConfirmModal = lazy(() =>
  afterDictionary(import('./confirm-modal')).then((m) => ({ default: m.ConfirmModal })),
);

/** <ConfirmModal>, loaded on first opening. */
export function LazyConfirmModal(props: ConfirmModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}

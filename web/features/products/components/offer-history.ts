import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withNotice, type Notice } from '../../../lib/notice';
import { paths } from '../../../lib/paths';

// Issue 20 item 7: the offer details modal is a place in the browser's history. Opening it puts
// the offer's own page address in the address bar (a new entry: it can be bookmarked, shared,
// reloaded into the offer page); Back closes it. The router is not told: the list stays mounted
// under the modal, and the entry holds the list's router state, so coming back to the list is
// no navigation for it.

const MARK = 'souqOfferModal';

const openedHere = () => Boolean((window.history.state as Record<string, unknown> | null)?.[MARK]);

function entry(id: number, push: boolean) {
  const state = { ...(window.history.state as object | null), [MARK]: id };
  if (push) window.history.pushState(state, '', paths.product(id));
  else window.history.replaceState(state, '', paths.product(id));
}

export interface OfferModalHistory {
  /** The offer shown in the modal, or null when it is closed. */
  openId: number | null;
  /** Opens the modal on an offer (a card was chosen): a new history entry. */
  open: (product: { id: number }) => void;
  /** Another offer in the open modal (a similar one): the same entry, a new address. */
  show: (id: number) => void;
  /** The visitor closes the modal: Back, which the browser's own Back also does. */
  close: () => void;
  /** The link to the offer's page was followed (a router `replace`: the entry becomes the page's). */
  toPage: () => void;
  /** The offer was deleted in the modal: closes it, and the list says so (its notice). */
  deleted: (notice: Notice) => void;
}

export function useOfferModalHistory(): OfferModalHistory {
  const [openId, setOpenId] = useState<number | null>(null);
  const isOpen = openId !== null;
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (!isOpen) return;
    // Back (the browser's, a phone's gesture or close()) leaves the modal's entry.
    const onPop = () => {
      if (!openedHere()) setOpenId(null);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [isOpen]);

  /** Back to the list's entry; `after` runs once it is there. */
  const close = (after?: () => void) => {
    if (openedHere()) {
      if (after) window.addEventListener('popstate', () => after(), { once: true });
      window.history.back();
    } else {
      setOpenId(null);
      after?.();
    }
  };

  return {
    openId,
    open: ({ id }) => {
      entry(id, !openedHere());
      setOpenId(id);
    },
    show: (id) => {
      entry(id, false);
      setOpenId(id);
    },
    close: () => close(),
    toPage: () => setOpenId(null),
    // Issue 20 item 9: the page underneath says so, like the home page after a delete from the
    // offer's page. Once Back has left the modal's entry, the list's entry (the router's
    // location, which never changed) is replaced by itself with the notice in its router state.
    deleted: (notice) =>
      close(() => {
        void navigate(
          { pathname: location.pathname, search: location.search, hash: location.hash },
          {
            replace: true,
            preventScrollReset: true,
            state: { ...(location.state as object | null), ...withNotice(notice) },
          },
        );
      }),
  };
}

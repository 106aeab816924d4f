import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A list whose page or criteria live in the query string stays on one path, so the shell does not
 * scroll to the top when they change. After a new search or a page link (not back/forward, where
 * the browser restores the place), the list's top is brought into view if it is out of sight, and
 * a heading of the list's section that takes the focus (tabindex -1: the search page's results)
 * gets it, so that a screen reader says where the new results are (issue 35 item 7).
 */
export function useScrollOnQueryChange(ref: RefObject<HTMLElement | null>) {
  const { search } = useLocation();
  const type = useNavigationType();
  const previous = useRef(search);

  useEffect(() => {
    if (previous.current === search) return;
    previous.current = search;
    // The list's section, when it has one, so its title and switches come into view with it.
    const element = ref.current?.closest('section') ?? ref.current;
    if (type === 'POP' || !element) return;
    const top = element.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.6) element.scrollIntoView({ block: 'start' });
    element.querySelector<HTMLElement>('h2[tabindex="-1"]')?.focus({ preventScroll: true });
  }, [search, type, ref]);
}

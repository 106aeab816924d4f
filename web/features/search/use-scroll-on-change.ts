import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A list whose page or criteria live in the query string stays on one path, so the shell does not
 * scroll to the top when they change. After a new search or a page link (not back/forward, where
 * the browser restores the place), the list's top is brought into view if it is out of sight.
 */
export function useScrollOnQueryChange(ref: RefObject<HTMLElement | null>) {
  const { search } = useLocation();
  const type = useNavigationType();
  const previous = useRef(search);

  useEffect(() => {
    if (previous.current === search) return;
    previous.current = search;
    const element = ref.current;
    if (type === 'POP' || !element) return;
    const top = element.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.6) element.scrollIntoView({ block: 'start' });
  }, [search, type, ref]);
}

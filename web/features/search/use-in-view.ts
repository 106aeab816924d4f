import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come near the viewport (and from then on): what lies far below is
 * not fetched until the page is scrolled towards it. Without IntersectionObserver, at once.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '300px') {
  const supported = typeof IntersectionObserver === 'function';
  const [seen, setSeen] = useState(!supported);

  useEffect(() => {
    const element = ref.current;
    if (seen || !element || !supported) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen, supported]);

  return seen;
}

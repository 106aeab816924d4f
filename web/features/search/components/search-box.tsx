import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { writeSearch, type SearchState } from '../search-state';
import { SearchSummary } from './search-summary';
import './search-box.css';

/** Whether a search says more than "everything" (its mode, type and page aside). */
export function hasCriteria(search: SearchState): boolean {
  const params = writeSearch({ ...search, page: 1 });
  for (const key of ['mode', 'type']) params.delete(key);
  return params.size > 0;
}

/**
 * The search page's panel (issue 35 item 7): on a phone, once a search is made, the form folds
 * to a summary of the search and an "edit" link, so that its results are on the first screen.
 * The page keys it by search: each new search folds it again. Without scripts the link opens the
 * form through its anchor (`:target`, search-box.css).
 */
export function SearchBox({ search, children }: { search: SearchState; children: ReactNode }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const folded = hasCriteria(search) && !editing;

  useEffect(() => {
    if (editing) box.current?.querySelector<HTMLElement>('input[name=name]')?.focus();
  }, [editing]);

  return (
    <div ref={box} id="search-form" className="search-box" data-folded={folded || undefined}>
      {folded && (
        <div className="card search-box__summary">
          <h2 className="visually-hidden">{t('search_summary_label')}</h2>
          <SearchSummary search={search} />
          <a
            href="#search-form"
            className="button button--secondary search-box__edit"
            onClick={(event) => {
              event.preventDefault();
              setEditing(true);
            }}
          >
            {t('search_edit')}
          </a>
        </div>
      )}
      {children}
    </div>
  );
}

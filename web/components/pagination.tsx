import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/use-translation';
import { PAGINATION_WINDOW_DEFAULT } from '../../shared/constants';
import { ChevronEndIcon, ChevronStartIcon } from './icons';
import './pagination.css';

/** The page numbers to link: the current page ± `radius`, within 1..last. */
export function pageWindow(current: number, last: number, radius: number): number[] {
  const from = Math.max(1, current - radius);
  const to = Math.min(last, current + radius);
  const pages: number[] = [];
  for (let page = from; page <= to; page += 1) pages.push(page);
  return pages;
}

interface PaginationProps {
  currentPage: number;
  lastPage: number;
  /** Pages shown on each side of the current one: 4 by default, 5 for lists (SPEC §9). */
  radius?: number;
  /** Links (the page lives in the URL) … */
  hrefFor?: (page: number) => string;
  /** … or buttons (the page lives in the component's state). */
  onPageChange?: (page: number) => void;
}

/** SPEC §2: page-number links with previous and next. Nothing to show for a single page. */
export function Pagination({
  currentPage,
  lastPage,
  radius = PAGINATION_WINDOW_DEFAULT,
  hrefFor,
  onPageChange,
}: PaginationProps) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;

  const item = (page: number, content: ReactNode, label: string, className: string) => {
    const disabled = page < 1 || page > lastPage;
    if (disabled) {
      return (
        <span className={`${className} pagination__item--disabled`} aria-disabled="true">
          {content}
        </span>
      );
    }
    if (hrefFor) {
      return (
        <Link to={hrefFor(page)} className={className} aria-label={label}>
          {content}
        </Link>
      );
    }
    return (
      <button
        type="button"
        className={className}
        aria-label={label}
        onClick={() => onPageChange?.(page)}
      >
        {content}
      </button>
    );
  };

  return (
    <nav className="pagination" aria-label={t('pagination_label')}>
      <ul className="pagination__list">
        <li>
          {item(
            currentPage - 1,
            <>
              <ChevronStartIcon size={16} />
              <span className="pagination__step-label">{t('previous')}</span>
            </>,
            t('previous'),
            'pagination__item pagination__step',
          )}
        </li>
        {pageWindow(currentPage, lastPage, radius).map((page) => (
          <li key={page}>
            {page === currentPage ? (
              <span
                className="pagination__item pagination__item--current"
                aria-current="page"
                aria-label={t('page_n', { page })}
              >
                {page}
              </span>
            ) : (
              item(page, page, t('page_n', { page }), 'pagination__item')
            )}
          </li>
        ))}
        <li>
          {item(
            currentPage + 1,
            <>
              <span className="pagination__step-label">{t('next')}</span>
              <ChevronEndIcon size={16} />
            </>,
            t('next'),
            'pagination__item pagination__step',
          )}
        </li>
      </ul>
    </nav>
  );
}

import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { SearchInterpreted } from '../../../../shared/schemas/search';
import './interpreted-note.css';
import './results-count.css';

// Issue 17 item 7: the searcher sees why offers without their words were found — a correction
// ("results for «toyota»") or a translation (the other language, the other script) — with a link
// to search their words exactly as typed.

export function InterpretedNote({
  interpreted,
  typed,
  exactHref,
}: {
  interpreted: SearchInterpreted | null | undefined;
  /** The words as typed. */
  typed: string;
  /** The same search, the words as typed only. */
  exactHref: string;
}) {
  const { t } = useTranslation();
  if (!interpreted || !typed) return null;
  const text = interpreted.corrected
    ? t('search_corrected', { words: interpreted.corrected })
    : t('search_translated', { words: typed });
  return (
    <p className="results__interpreted" role="status">
      <span>{text}</span>{' '}
      <Link to={exactHref} className="link">
        {t('search_exact_instead', { words: typed })}
      </Link>
    </p>
  );
}

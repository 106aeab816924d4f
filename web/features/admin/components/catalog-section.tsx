import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CheckIcon, PlusIcon } from '../../../components/icons';
import './catalog-item.css';
import './catalog-section.css';

interface CatalogSectionProps {
  level: 'category' | 'subcategory' | 'field';
  title: string;
  /** Shown beside the title once the list has loaded. */
  count?: string;
  addLabel: string;
  /** The add form; `done(message)` closes it with a success message, `cancel` just closes it. */
  renderAddForm: (done: (message: string) => void, cancel: () => void) => ReactNode;
  children: ReactNode;
}

const SUCCESS_SHOWN_MS = 8000;

const HEADINGS = { category: 'h2', subcategory: 'h3', field: 'h4' } as const;

/** A list of the catalogue with its title and its add form (opened on request). */
export function CatalogSection({
  level,
  title,
  count,
  addLabel,
  renderAddForm,
  children,
}: CatalogSectionProps) {
  const Heading = HEADINGS[level];
  const titleId = useId();
  const formId = useId();
  const [adding, setAdding] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const close = () => setAdding(false);

  // The success note goes after a while: it speaks of the last addition, not of the list.
  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(null), SUCCESS_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  // When the form closes (added or cancelled), the focus goes back to the button that opened it.
  const wasAdding = useRef(false);
  useEffect(() => {
    if (wasAdding.current && !adding) addButton.current?.focus();
    wasAdding.current = adding;
  }, [adding]);

  return (
    <section className={`catalog-section catalog-section--${level}`} aria-labelledby={titleId}>
      <div className="catalog-section__head">
        <Heading id={titleId} className="catalog-section__title">
          {title}
          {count && <span className="catalog-section__count">{count}</span>}
        </Heading>
        <button
          ref={addButton}
          type="button"
          className={`button button--small ${level === 'category' ? 'button--primary' : 'button--secondary'} catalog-section__add`}
          aria-expanded={adding}
          aria-controls={adding ? formId : undefined}
          onClick={() => {
            setSuccess(null);
            setAdding((value) => !value);
          }}
        >
          <PlusIcon size={16} />
          {addLabel}
        </button>
      </div>
      {success && (
        <div className="alert alert--success catalog-section__success" role="status">
          <CheckIcon className="alert__icon" />
          <p>{success}</p>
        </div>
      )}
      {adding && (
        <div id={formId} className="catalog-section__form">
          <p className="admin-form__title">{addLabel}</p>
          {renderAddForm((message) => {
            setSuccess(message);
            close();
          }, close)}
        </div>
      )}
      {children}
    </section>
  );
}

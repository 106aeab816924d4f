import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { UseMutationResult } from '@tanstack/react-query';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormAlert } from '../../../components/form-field';
import { ChevronDownIcon } from '../../../components/icons';
import { formErrorsOf } from '../../../lib/form-errors';
import './catalog-item.css';

interface CatalogItemProps {
  level: 'category' | 'subcategory' | 'field';
  /** The item's name as shown (CatalogName). */
  title: ReactNode;
  /** The name in words, for the buttons' accessible names. */
  label: string;
  /** A short fact beside the title (the order). */
  badge?: ReactNode;
  /** Facts under the title (unit, flags, values…). */
  meta?: ReactNode;
  editLabel: string;
  deleteLabel: string;
  /** The edit form; `close` returns to viewing. */
  renderEdit: (close: () => void) => ReactNode;
  deletion: UseMutationResult<unknown, Error, void>;
  /** What opens under the item (its subcategories, its fields); nothing to open when absent. */
  renderChildren?: () => ReactNode;
}

/**
 * One item of the catalogue tree: viewing or editing (SPEC §4), deleted through the confirmation
 * modal (SPEC §2); a refused delete ('category_in_use'…) is shown as the item's general error.
 * Items with children collapse and expand.
 */
export function CatalogItem({
  level,
  title,
  label,
  badge,
  meta,
  editLabel,
  deleteLabel,
  renderEdit,
  deletion,
  renderChildren,
}: CatalogItemProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteErrors, setDeleteErrors] = useState<string[]>([]);
  const editButton = useRef<HTMLButtonElement>(null);

  const closeEdit = () => setEditing(false);

  // When the edit form closes (saved or cancelled), the focus goes back to 'edit'.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  async function onConfirmDelete() {
    setDeleteErrors([]);
    try {
      // Resolves once the list has been fetched again, without this item.
      await deletion.mutateAsync();
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      setDeleteErrors(formErrorsOf(error, []).general);
    }
  }

  const heading = renderChildren ? (
    <button
      type="button"
      className="catalog-item__toggle"
      aria-expanded={expanded}
      aria-controls={expanded ? panelId : undefined}
      onClick={() => setExpanded((value) => !value)}
    >
      <ChevronDownIcon size={18} className="catalog-item__chevron" />
      {title}
    </button>
  ) : (
    <div className="catalog-item__title">{title}</div>
  );

  return (
    <li className={`catalog-item catalog-item--${level}`}>
      <div className="catalog-item__head">
        {heading}
        {badge && <span className="catalog-item__badge">{badge}</span>}
        <div className="catalog-item__actions">
          <button
            ref={editButton}
            type="button"
            className="button button--small button--secondary"
            aria-label={`${editLabel} ${label}`}
            aria-pressed={editing}
            onClick={() => setEditing((value) => !value)}
          >
            {t('edit')}
          </button>
          <button
            type="button"
            className="button button--small button--danger-outline"
            aria-label={`${deleteLabel} ${label}`}
            onClick={() => {
              setDeleteErrors([]);
              setConfirming(true);
            }}
          >
            {t('delete')}
          </button>
        </div>
      </div>
      {meta && <div className="catalog-item__meta">{meta}</div>}
      {deleteErrors.length > 0 && (
        <div className="catalog-item__alert">
          <FormAlert messages={deleteErrors} />
        </div>
      )}
      {editing && (
        <div className="catalog-item__edit">
          <p className="admin-form__title">{editLabel}</p>
          {renderEdit(closeEdit)}
        </div>
      )}
      {renderChildren && expanded && (
        <div id={panelId} className="catalog-item__panel">
          {renderChildren()}
        </div>
      )}
      <ConfirmModal
        open={confirming}
        title={deleteLabel}
        busy={deletion.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirmDelete}
      />
    </li>
  );
}

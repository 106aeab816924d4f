import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Three dots: the 'more options' button of a comment or a command. */
function DotsIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="1.8" fill="currentColor" />
      <circle cx="12" cy="12" r="1.8" fill="currentColor" />
      <circle cx="19" cy="12" r="1.8" fill="currentColor" />
    </svg>
  );
}

interface ItemMenuProps {
  /** Names the button for screen readers ('options of the comment'). */
  label: string;
  editLabel: string;
  deleteLabel: string;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** SPEC §2's edit and delete menu of a comment or a command; absent when neither is allowed. */
export function ItemMenu({ label, editLabel, deleteLabel, onEdit, onDelete }: ItemMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    root.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!onEdit && !onDelete) return null;
  const choose = (action?: () => void) => () => {
    setOpen(false);
    action?.();
  };
  return (
    <div className="item-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button item-menu__button"
        aria-label={label}
        title={t('more_options')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <DotsIcon />
      </button>
      {open && (
        <ul id={menuId} role="menu" className="item-menu__list">
          {onEdit && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                className="item-menu__item"
                onClick={choose(onEdit)}
              >
                {editLabel}
              </button>
            </li>
          )}
          {onDelete && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                className="item-menu__item item-menu__item--danger"
                onClick={choose(onDelete)}
              >
                {deleteLabel}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Popover } from '../../../components/popover';
import { FlagIcon } from '../../../components/product-icons';
import { ReportDialog } from '../../products';
import './comment-input.css';
import './item-menu.css';

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
  /** Issue 19: reported with a reason; given only to who may (can.reportItem). */
  report?: { type: 'comment' | 'command'; id: number };
}

/**
 * SPEC §2's edit and delete menu of a comment or a command, and its report entry (issue 19);
 * absent when nothing is allowed.
 */
export function ItemMenu({
  label,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  report,
}: ItemMenuProps) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  if (!onEdit && !onDelete && !report) return null;
  return (
    <>
      <Popover
        className="item-menu"
        label={label}
        triggerClassName="icon-button item-menu__button"
        trigger={
          <>
            <DotsIcon />
            <span className="visually-hidden">{t('more_options')}</span>
          </>
        }
      >
        {(close) => (
          <ul role="menu" aria-label={label} className="menu-list">
            {onEdit && (
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  className="menu-list__item"
                  onClick={() => {
                    close();
                    onEdit();
                  }}
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
                  className="menu-list__item item-menu__delete"
                  onClick={() => {
                    close();
                    onDelete();
                  }}
                >
                  {deleteLabel}
                </button>
              </li>
            )}
            {report && (
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  className="menu-list__item"
                  disabled={reported}
                  onClick={() => {
                    close();
                    setReporting(true);
                  }}
                >
                  <FlagIcon size={18} />
                  <span>{reported ? t('item_reported') : t('report')}</span>
                </button>
              </li>
            )}
          </ul>
        )}
      </Popover>
      {report && reporting && (
        <ReportDialog
          type={report.type}
          id={report.id}
          onClose={() => setReporting(false)}
          onReported={() => {
            setReporting(false);
            setReported(true);
          }}
        />
      )}
    </>
  );
}

import { useId } from 'react';
import { REPORT_TEXT_MAX } from '../../../../shared/domain/trust';

/**
 * The one text a moderator adds to what they do: the note of a queue item's action, the reason of
 * a ban (moderation_log.note); as long as a report's text at most.
 */
export function ModerationNoteField({
  label,
  value,
  onChange,
  rows,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  className: string;
}) {
  const id = useId();
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        dir="auto"
        rows={rows}
        maxLength={REPORT_TEXT_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

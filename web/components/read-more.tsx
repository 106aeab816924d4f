import { Fragment, useId, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { READ_MORE_LENGTH } from '../../shared/constants';
import { textDirection } from '../../shared/domain/text-direction';

interface ReadMoreProps {
  text: string | null | undefined;
  /** Characters shown before 'read more' (SPEC §9: 200). */
  limit?: number;
  className?: string;
}

/** Lines of text with <br/> between them: React escapes every character, no HTML is injected. */
function Lines({ text }: { text: string }) {
  const lines = text.split(/\r\n|\r|\n/);
  return lines.map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));
}

/** SPEC §5: text cut at 200 characters with a 'read more' button; newlines become line breaks. */
export function ReadMore({ text, limit = READ_MORE_LENGTH, className }: ReadMoreProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const full = text ?? '';
  // Count characters, not UTF-16 units, so an emoji or a rare letter is never cut in half.
  const characters = Array.from(full);
  const long = characters.length > limit;
  const shown = long && !open ? `${characters.slice(0, limit).join('').trimEnd()}…` : full;
  return (
    <div className={['read-more', className].filter(Boolean).join(' ')}>
      <p id={id} dir={textDirection(full)} className="read-more__text">
        <Lines text={shown} />
      </p>
      {long && (
        <button
          type="button"
          className="link-button read-more__toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('read_less') : t('read_more')}
        </button>
      )}
    </div>
  );
}

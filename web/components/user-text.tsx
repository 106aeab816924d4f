import type { ElementType } from 'react';
import { textDirection } from '../../shared/domain/text-direction';

interface UserTextProps {
  text: string | null | undefined;
  /** The element to render; an inline <bdi> by default so it never disturbs the sentence around it. */
  as?: ElementType;
  className?: string;
}

/**
 * Text typed by users (names, offers, comments): its direction comes from its first letter
 * (DESIGN §9: an Arabic title holding 'V8' or 'iPhone' stays right-to-left), and the `dir`
 * attribute isolates it from the text around it, so a French name inside an Arabic sentence
 * keeps its punctuation in place.
 */
export function UserText({ text, as: Element = 'bdi', className }: UserTextProps) {
  return (
    <Element dir={textDirection(text)} className={className}>
      {text ?? ''}
    </Element>
  );
}

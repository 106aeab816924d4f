import type { InputHTMLAttributes } from 'react';

// Issue 35 item 3: an <input type="number"> gives '' for Arabic-Indic digits (٢٥٠٠٠٠٠), the
// Arabic separators (٫ ٬) and French groups ('2 500 000'), so what an Arabic keyboard types was
// dropped without a word. Every number input is a text input with a number keyboard instead; what
// is typed is kept as typed and read by shared/domain/numbers.ts (the form's own check and the
// server's schemas alike), as phone inputs already do.

type NumberInputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'dir' | 'autoComplete' | 'spellCheck'
>;

/** The attributes of a number input: whole numbers (prices, counts) or decimals. */
export function numberInputProps(kind: 'whole' | 'decimal' = 'whole'): NumberInputProps {
  return {
    type: 'text',
    inputMode: kind === 'whole' ? 'numeric' : 'decimal',
    // Digits read left to right in both languages (Mauritania writes Western digits).
    dir: 'ltr',
    autoComplete: 'off',
    spellCheck: false,
  };
}

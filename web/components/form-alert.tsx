import { useTranslation } from '../lib/use-translation';
import { errorText } from '../lib/form-errors';
import { AlertIcon } from './icons';

// Apart from ./form-field.tsx (which re-exports both) so that the shell, which shows a form's
// general error (web/app/layout/no-script-form-notice.tsx), does not bring the form fields and
// their icons into every page's first chunk.

/** Message keys (the server's or the client's) in the page's language (lib/form-errors.ts). */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (key: string) => errorText(t, key, (k) => i18n.exists(k));
}

/** The form's general error (`global`, `unknown`, or a key with no field of its own). */
export function FormAlert({ messages }: { messages: string[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (!messages.length) return null;
  return (
    <div className="alert alert--error" role="alert">
      <AlertIcon className="alert__icon" />
      <div>
        <p className="alert__title">{t('general_error_title')}</p>
        <ul className="alert__list">
          {messages.map((key) => (
            <li key={key}>{errorText(key)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

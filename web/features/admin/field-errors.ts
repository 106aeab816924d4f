import { useTranslation } from '../../lib/use-translation';
import type { FormErrors } from '../../lib/form-errors';

// SPEC §5/§8: a bad value reads '{field} {name} {bad input}' ("The field « Order » is incorrect").
// The server and the shared schemas say `bad_input`; under a field of these forms it becomes that
// field's own message when the dictionary has one (admin_<field>_bad_input).

/** The messages to show under `field`. */
export function useFieldErrors(errors: FormErrors) {
  const { i18n } = useTranslation();
  return (field: string): string[] | undefined =>
    errors.fields[field]?.map((key) => {
      const own = `admin_${field}_bad_input`;
      return key === 'bad_input' && i18n.exists(own) ? own : key;
    });
}

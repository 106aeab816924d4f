import { useState } from 'react';
import { XSRF_FIELD, type PostedForm } from '../../shared/domain/forms';
import { readCookie } from './http';
import { useServerRender } from './render-seed';

// Forms that work before the scripts arrive (issue 35 item 1, shared/domain/forms.ts): a form the
// server renders posts to its own page with the visitor's XSRF token in a hidden field. Posted
// before the app took over, the server answers it itself and, if it refuses, renders the page again
// with the errors and what was typed: the form starts from those.

/** The form posted without scripts to `action` that this page answers (while it hydrates). */
export function usePostedForm(action: string): PostedForm | null {
  const posted = useServerRender()?.form?.posted ?? null;
  // Kept after hydration: the form's own state starts from it once.
  const [kept] = useState(posted?.action === action ? posted : null);
  return kept;
}

/** The hidden field with the visitor's XSRF token: the server's on its page, else the cookie's. */
export function XsrfField() {
  const token = useServerRender()?.form?.xsrf ?? readCookie('XSRF-TOKEN') ?? '';
  return <input type="hidden" name={XSRF_FIELD} value={token} />;
}

import { useState } from 'react';
import { useLocation } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { useServerRender } from '../../lib/render-seed';

/** The message of the one refusal every form can get when posted without scripts (server side). */
const NEEDS_SCRIPT = 'form_needs_script';

/**
 * A form that only the app can send (an offer, a comment…), posted before the scripts arrived:
 * the server renders the page again with this message (server/plugins/no-script-forms.ts), shown
 * on that page until the person goes elsewhere. Nothing was sent; what was typed is lost.
 */
export function NoScriptFormNotice() {
  const location = useLocation();
  const posted = useServerRender()?.form?.posted ?? null;
  const [kept] = useState(posted?.errors.global?.includes(NEEDS_SCRIPT) ? posted : null);
  if (!kept || kept.action !== location.pathname) return null;
  return (
    <div className="container">
      <FormAlert messages={[NEEDS_SCRIPT]} />
    </div>
  );
}

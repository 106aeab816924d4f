import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import './sign-in-prompt.css';

/** SPEC §4: forms for commenting and commanding open only for a signed-in user. */
export function SignInPrompt({ label }: { label: string }) {
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <p className="sign-in-prompt">
      <Link to={`${paths.signIn}?next=${next}`} className="button button--secondary">
        {label}
      </Link>
    </p>
  );
}

import { useLocation, useNavigate } from 'react-router';
import { paths } from '../lib/paths';

/**
 * SPEC §1: saving, reporting and reacting need a signed-in user. An anonymous click leads to the
 * sign-in page, which brings the visitor back here afterwards.
 */
export function useSignInRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    const here = location.pathname + location.search;
    navigate(`${paths.signIn}?next=${encodeURIComponent(here)}`);
  };
}

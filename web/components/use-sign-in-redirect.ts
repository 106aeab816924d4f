import { paths } from '../lib/paths';
import { useNavigation } from '../lib/navigation';

/**
 * SPEC §1: saving, reporting and reacting need a signed-in user. An anonymous click leads to the
 * sign-in page, which brings the visitor back here afterwards.
 */
export function useSignInRedirect() {
  const navigation = useNavigation();
  return () => {
    navigation.navigate(`${paths.signIn}?next=${encodeURIComponent(navigation.here())}`);
  };
}

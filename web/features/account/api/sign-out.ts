import { http } from '../../../lib/http';
import { paths } from '../../../lib/paths';

// DESIGN §4: POST /logout. Then a whole new page of the home page (which asks for `me` again):
// nothing of the previous user survives in memory (query cache, forms, component state), and a
// page that needs a signed-in user never renders half signed out. A plain function, not a mutation
// hook: the header calls it, and the header is in every page's first download.

export async function signOut() {
  await http.post('/logout');
  window.location.assign(paths.home);
}

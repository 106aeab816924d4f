import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { emptySearch, searchQuery } from '../search-state';
import { useGeolocation } from '../use-geolocation';
import { SearchPanel } from './search-panel';

/** The home's search tab: the search panel; its results open on /search. */
export function SearchTab() {
  const navigate = useNavigate();
  // Asked for only if the panel is switched to an advanced mode (SPEC §4).
  const geolocation = useGeolocation(false);
  return (
    <SearchPanel
      initial={emptySearch}
      geolocation={geolocation}
      onSearch={(search) => navigate(paths.search + searchQuery(search))}
    />
  );
}

// What other features may use of the search: a saved search's card summarises its criteria, and
// "My searches" refreshes with the keys that saving one invalidates.
export { SearchSummary } from './components/search-summary';
export { readSearch } from './search-state';
export { savedSearchKeys } from './api/keys';

// What other features may use of the search (a saved search's card summarises its criteria).
export { SearchSummary } from './components/search-summary';
export { readSearch } from './search-state';

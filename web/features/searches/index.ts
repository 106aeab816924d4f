// What other features may use of the saved searches (issue 18 item 2).
export { SaveSearchButton } from './components/save-search-button';

// The commands feature's public face: the product page mounts the tab.
export { CommandsTab } from './commands-tab';

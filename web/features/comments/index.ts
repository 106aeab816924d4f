// The comments feature's public face. The commands feature uses the thread of a command (its
// replies are comments, SPEC §3) and the list machinery from here; nothing else is imported
// across features (docs/conversations-ui.md).

export { CommentsTab } from './comments-tab';
export { CommentsList } from './components/comments-list';
export { ItemMenu } from './components/item-menu';
export { ShowMoreBar } from './components/show-more-bar';
export { SignInPrompt } from './components/sign-in-prompt';
export { listFooter, loadedCount, useShowMore } from './show-more';
export { maxDepthOf, type ThreadRules } from './thread';
export { ItemPageState } from './components/item-page-state';
export { ProductContext } from './components/product-context';
export { fetchCommand, threadCommandQuery, useThreadCommand } from './api/thread-command';
export { commandKeys, commentKeys } from './api/keys';
export { countsFor, countsOf } from './reactions';

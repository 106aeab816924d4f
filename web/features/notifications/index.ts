// The notifications feature's public face: the header's bell shows the unread count.

export { useUnreadCount } from './api/unread-count';

// The notifications feature's public face: the header's bell shows the unread count, kept
// current by the live stream.

export { unreadCountQuery, useUnreadCount } from './api/unread-count';
export { useNotificationStream } from './api/notification-stream';

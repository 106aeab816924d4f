import { http } from '../../../lib/http';

/** SPEC §7: the PUT /notifications/notification/{id} deletes the notification. */
export const deleteNotification = (id: number) =>
  http.put<void>(`/notifications/notification/${id}`);

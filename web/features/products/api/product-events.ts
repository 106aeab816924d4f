import type { ProductEventKind } from '../../../../shared/constants';
import { http } from '../../../lib/http';

// POST /products/{id}/events (issue 19 item 6): what the shop's insights count. Fire-and-forget:
// `keepalive` lets the request finish when the tap leaves the page (tel:, wa.me); it goes through
// the one HTTP client, so it carries X-Requested-With and the XSRF header (sendBeacon cannot).
// A failure is nobody's concern: the visitor's action goes on.

export function sendProductEvent(id: number, kind: ProductEventKind): void {
  http.post(`/products/${id}/events`, { kind }, { keepalive: true }).catch(() => {});
}

import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { ModeratedType, ReportReason } from '../../../../shared/domain/trust';
import type { ModerationStatus } from '../../../../shared/domain/trust';

// POST /products/{id}/reports, /comments/{id}/reports, /commands/{id}/reports (issue 19).

export interface ReportAnswer {
  report: { reason: ReportReason; reports_count: number; moderation_status: ModerationStatus };
}

export const reportItem = (type: ModeratedType, id: number, reason: ReportReason, text: string) =>
  http.post<ReportAnswer>(`/${type}s/${id}/reports`, { reason, text: text || undefined });

export const useReportItem = (type: ModeratedType, id: number) =>
  useMutation({
    mutationFn: ({ reason, text }: { reason: ReportReason; text: string }) =>
      reportItem(type, id, reason, text),
  });

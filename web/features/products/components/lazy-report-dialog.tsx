import { lazy, Suspense } from 'react';
import { afterDictionary } from '../../../lib/i18n';
import type { ReportDialogProps } from './report-dialog';

// The reasons' dialog (issue 19) is loaded when first opened, with the rest of the dictionary: the
// cards of a page's first view carry a "report" action, which few visitors use.
const ReportDialog = lazy(() =>
  afterDictionary(import('./report-dialog')).then((m) => ({ default: m.ReportDialog })),
);

/** <ReportDialog>, loaded on first opening. */
export function LazyReportDialog(props: ReportDialogProps) {
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  );
}

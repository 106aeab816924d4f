import { useTranslation } from '../lib/use-translation';

interface LoaderProps {
  /** Visible text next to the spinner; the spinner alone still says 'loading' to screen readers. */
  label?: string;
  /** Fill the space of a page or a panel rather than sit inline. */
  block?: boolean;
}

export function Loader({ label, block = false }: LoaderProps) {
  const { t } = useTranslation();
  return (
    <span className={block ? 'loader loader--block' : 'loader'} role="status">
      <span className="loader__spinner" aria-hidden="true" />
      {label ? <span>{label}</span> : <span className="visually-hidden">{t('loading')}</span>}
    </span>
  );
}

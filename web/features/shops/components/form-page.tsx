import type { ReactNode } from 'react';
import { StoreIcon } from '../../../components/icons';
import './form-page.css';

/** The frame of the shop forms: a title over a wide card. */
export function FormPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <div className="container form-page">
      <header className="form-page__header">
        <span className="form-page__icon">
          <StoreIcon size={26} />
        </span>
        <div>
          <h1 className="form-page__title">{title}</h1>
          {intro && <p className="form-page__intro">{intro}</p>}
        </div>
      </header>
      <div className="card form-page__card">{children}</div>
    </div>
  );
}

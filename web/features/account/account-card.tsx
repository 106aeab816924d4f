import type { ReactNode } from 'react';
import './account-card.css';

interface AccountCardProps {
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
  icon?: ReactNode;
}

/** The frame of the account screens: a centred card with a title, the form and a footer link. */
export function AccountCard({ title, intro, children, footer, icon }: AccountCardProps) {
  return (
    <div className="account-page">
      <section className="card account-card" aria-labelledby="account-title">
        <header className="account-card__header">
          {icon && <span className="account-card__icon">{icon}</span>}
          <h1 id="account-title" className="account-card__title">
            {title}
          </h1>
          {intro && <p className="account-card__intro">{intro}</p>}
        </header>
        {children}
      </section>
      {footer && <p className="account-page__footer">{footer}</p>}
    </div>
  );
}

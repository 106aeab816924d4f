import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { EmptyState } from './empty-state';
import { EndOfList } from './end-of-list';
import { Loader } from './loader';

describe('EmptyState', () => {
  it('says there is nothing yet, in either language', () => {
    renderWithApp(<EmptyState />);
    expect(screen.getByRole('status')).toHaveTextContent('Rien à afficher pour l’instant');
  });

  it('in Arabic', () => {
    renderWithApp(<EmptyState />, { language: 'ar' });
    expect(screen.getByRole('status')).toHaveTextContent('لا يوجد شيء هنا بعد');
  });

  it('takes a message, a text and an action', () => {
    renderWithApp(
      <EmptyState
        title="Aucune notification"
        text="Revenez plus tard"
        action={<a href="/">Accueil</a>}
      />,
    );
    expect(screen.getByText('Aucune notification')).toBeInTheDocument();
    expect(screen.getByText('Revenez plus tard')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accueil' })).toBeInTheDocument();
  });
});

describe('EndOfList', () => {
  it('marks the end of a list', () => {
    renderWithApp(<EndOfList />);
    expect(screen.getByRole('status')).toHaveTextContent('Vous avez tout vu');
  });

  it('takes a message such as "no results"', () => {
    renderWithApp(<EndOfList message="Toutes les notifications sont affichées" />);
    expect(screen.getByRole('status')).toHaveTextContent('Toutes les notifications sont affichées');
  });

  it('in Arabic', () => {
    renderWithApp(<EndOfList />, { language: 'ar' });
    expect(screen.getByRole('status')).toHaveTextContent('لا يوجد المزيد');
  });
});

describe('Loader', () => {
  it('says it is loading even without a visible label', () => {
    renderWithApp(<Loader />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
  });

  it('shows its label', () => {
    renderWithApp(<Loader label="Envoi…" block />, { language: 'fr' });
    expect(screen.getByRole('status')).toHaveTextContent('Envoi…');
    expect(screen.getByRole('status')).toHaveClass('loader--block');
  });

  it('in Arabic', () => {
    renderWithApp(<Loader />, { language: 'ar' });
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ التحميل…');
  });
});

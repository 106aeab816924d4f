import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ModerationNotice } from './moderation-notice';

// Issue 19: what the author of a held offer reads, and why.

describe('ModerationNotice', () => {
  it('says nothing for a visible offer', () => {
    const { container } = renderWithApp(<ModerationNotice moderation={null} />);
    expect(container.querySelector('.moderation-notice')).toBeNull();
  });

  it('explains a hold for a phone number or link in a new account’s text', async () => {
    renderWithApp(
      <ModerationNotice moderation={{ status: 'review', reasons: [], flag: 'contact_in_text' }} />,
    );
    expect(await screen.findByText('En cours de vérification')).toBeInTheDocument();
    expect(screen.getByText(/contient un numéro de téléphone ou un lien/)).toBeInTheDocument();
  });

  it('names the reported reasons, without the contact note when reports hid it', async () => {
    renderWithApp(
      <ModerationNotice moderation={{ status: 'review', reasons: ['scam'], flag: null }} />,
    );
    expect(await screen.findByText('Motifs signalés : Arnaque')).toBeInTheDocument();
    expect(screen.queryByText(/contient un numéro de téléphone ou un lien/)).toBeNull();
  });
});

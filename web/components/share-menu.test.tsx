import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ShareMenu } from './share-menu';

afterEach(() => vi.unstubAllGlobals());
const URL_ = 'https://souq.mr/products/product/42';

describe('ShareMenu', () => {
  it('offers WhatsApp, Facebook and e-mail links to the offer', async () => {
    const user = userEvent.setup();
    renderWithApp(<ShareMenu url={URL_} title="Hilux" />);
    await user.click(screen.getByRole('button', { name: 'Partager' }));
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`À voir sur Souq\u00a0: Hilux ${URL_}`)}`,
    );
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(URL_)}`,
    );
    expect(screen.getByRole('link', { name: 'E-mail' }).getAttribute('href')).toMatch(
      /^mailto:\?subject=Hilux&body=/,
    );
    expect(screen.queryByRole('button', { name: 'Partager via…' })).not.toBeInTheDocument();
  });

  it('copies the link and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithApp(<ShareMenu url={URL_} title="Hilux" />);
    await user.click(screen.getByRole('button', { name: 'Partager' }));
    await user.click(screen.getByRole('button', { name: 'Copier le lien' }));
    expect(writeText).toHaveBeenCalledWith(URL_);
    expect(screen.getByRole('button', { name: 'Lien copié' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Lien copié');
  });

  it('uses the device’s share sheet where there is one', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    renderWithApp(<ShareMenu url={URL_} title="Hilux" />, { language: 'ar' });
    await user.click(screen.getByRole('button', { name: 'مشاركة' }));
    await user.click(screen.getByRole('button', { name: 'مشاركة عبر…' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Hilux',
      text: 'شاهد هذا على سوق: Hilux',
      url: URL_,
    });
  });
});

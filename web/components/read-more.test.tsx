import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { READ_MORE_LENGTH } from '../../shared/constants';
import { renderWithApp } from '../test/render';
import { ReadMore } from './read-more';

const paragraph = () => document.querySelector('.read-more__text')!;

describe('ReadMore', () => {
  it('shows a short text whole, without a button', () => {
    renderWithApp(<ReadMore text="Voiture en bon état" />);
    expect(paragraph().textContent).toBe('Voiture en bon état');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('cuts a long text at 200 characters and opens it on demand', async () => {
    const user = userEvent.setup();
    const text = 'a'.repeat(150) + ' ' + 'b'.repeat(100);
    renderWithApp(<ReadMore text={text} />);
    expect(paragraph().textContent).toBe(text.slice(0, READ_MORE_LENGTH) + '…');
    const button = screen.getByRole('button', { name: 'Lire la suite' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(paragraph().textContent).toBe(text);
    await user.click(screen.getByRole('button', { name: 'Réduire' }));
    expect(paragraph().textContent).toHaveLength(READ_MORE_LENGTH + 1);
  });

  it('keeps a text of exactly 200 characters whole', () => {
    renderWithApp(<ReadMore text={'x'.repeat(READ_MORE_LENGTH)} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('turns newlines into line breaks', () => {
    renderWithApp(<ReadMore text={'ligne 1\nligne 2\r\nligne 3'} />);
    expect(paragraph().querySelectorAll('br')).toHaveLength(2);
    expect(paragraph().textContent).toBe('ligne 1ligne 2ligne 3');
  });

  it('shows markup as text, never as HTML', () => {
    renderWithApp(<ReadMore text={'<img src=x onerror=alert(1)><b>gras</b>'} />);
    expect(paragraph().querySelector('img, b')).toBeNull();
    expect(paragraph().textContent).toBe('<img src=x onerror=alert(1)><b>gras</b>');
  });

  it('counts characters, not UTF-16 units, so nothing is cut in half', () => {
    const text = '😀'.repeat(READ_MORE_LENGTH + 5);
    renderWithApp(<ReadMore text={text} />);
    expect(Array.from(paragraph().textContent!)).toHaveLength(READ_MORE_LENGTH + 1);
    expect(paragraph().textContent).not.toMatch(/\uFFFD/);
  });

  it('sets the direction from the content and speaks Arabic', () => {
    renderWithApp(<ReadMore text={'ب'.repeat(300)} />, { language: 'ar' });
    expect(paragraph()).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('button', { name: 'اقرأ المزيد' })).toBeInTheDocument();
  });

  it('reads Latin text left to right even in an Arabic page', () => {
    renderWithApp(<ReadMore text="Toyota Hilux 2019" />, { language: 'ar' });
    expect(paragraph()).toHaveAttribute('dir', 'ltr');
  });
});

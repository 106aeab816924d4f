import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { PhotoGallery } from './photo-gallery';

const images = [1, 2, 3].map((id) => ({ id, url: `/media/photo-${id}.webp` }));

function open(language: 'ar' | 'fr', start = 0) {
  const onClose = vi.fn();
  renderWithApp(
    <PhotoGallery images={images} start={start} name="Toyota Hilux" onClose={onClose} />,
    { language },
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Toyota Hilux' }) };
}

describe('the full-screen photo gallery', () => {
  it('shows the originals, opened on the chosen one, and steps with the arrows', async () => {
    open('fr', 1);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(screen.getByAltText('Toyota Hilux (1/3)')).toHaveAttribute('src', '/media/photo-1.webp');
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    await userEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
  });

  it('follows the reading direction with the keyboard: → is next in French, ← in Arabic', () => {
    const { dialog } = open('fr');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('steps forward with ← in Arabic', () => {
    const { dialog } = open('ar');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
  });

  it('closes with its button and with Escape (the dialog’s cancel)', async () => {
    const { onClose, dialog } = open('fr');
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    // Through Back: the gallery's history entry goes with it (issue 35 item 9).
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(window.history.state?.souqGallery).toBeUndefined();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('is an entry of the history: Back closes it and leaves the page’s entry as it was', async () => {
    window.history.replaceState(
      { usr: null, key: 'page', souqOfferModal: 42 },
      '',
      '/products/product/42',
    );
    const { onClose } = open('ar');
    expect(window.history.state).toMatchObject({
      key: 'page',
      souqOfferModal: 42,
      souqGallery: true,
    });
    window.history.back();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(window.history.state).toEqual({ usr: null, key: 'page', souqOfferModal: 42 });
    expect(window.location.pathname).toBe('/products/product/42');
  });

  it('zooms in on a double click and out on the next', () => {
    open('fr');
    const image = screen.getByAltText('Toyota Hilux (1/3)');
    fireEvent.doubleClick(image);
    expect(image.parentElement).toHaveClass('photo-gallery__slide--zoomed');
    fireEvent.doubleClick(image);
    expect(image.parentElement).not.toHaveClass('photo-gallery__slide--zoomed');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeProbe, renderWithApp } from '../../../test/render';
import { fakeServer } from '../../../test/render-app';
import { OfferCard } from './offer-card';
import { useOfferDetails } from './offer-details-modal';
import { aCard, aProduct, aUser, clientWith } from './product-fixtures.test-support';

// The offer opened from a card in a modal (its own address, SPEC §2), over the list.

afterEach(() => vi.unstubAllGlobals());

const noSimilar = { 'GET /products/similar/42': () => ({ status: 200, body: { products: [] } }) };

function ListWithModal() {
  const details = useOfferDetails();
  return (
    <>
      <OfferCard product={aCard()} onOpen={details.open} />
      {details.modal}
    </>
  );
}

describe('OfferDetailsModal', () => {
  it('loads the full offer with a loader, shows it, and closes', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const ready = new Promise<void>((resolve) => (release = resolve));
    fakeServer({
      'GET /products/product/42': async () => {
        await ready;
        return { status: 200, body: { product: aProduct() } };
      },
      ...noSimilar,
    });
    renderWithApp(<ListWithModal />, { queryClient: clientWith(aUser()) });
    await user.click(screen.getByRole('heading', { name: /Toyota/ }));
    const dialog = screen.getByRole('dialog', { name: 'Détails de l’annonce' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Chargement…');
    release();
    expect(
      await within(dialog).findByRole('heading', { level: 2, name: /Toyota Hilux/ }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: 'Ouvrir la page de l’annonce' }),
    ).toHaveAttribute('href', '/products/product/42');
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    { language: 'fr' as const, type: 'offer' as const, remove: 'Supprimer l’offre', yes: 'Oui' },
    { language: 'ar' as const, type: 'demand' as const, remove: 'حذف الطلب', yes: 'نعم' },
  ])(
    'a delete from the modal closes it and says so on the list ($language, issue 20 item 9)',
    async ({ language, type, remove, yes }) => {
      const user = userEvent.setup();
      const staff = aUser({ shops: [{ ...aUser().shops[0], id: 5, pivot: { role: 'owner' } }] });
      fakeServer({
        'GET /products/product/42': () => ({
          status: 200,
          body: { product: aProduct({ type }) },
        }),
        'DELETE /products/42': () => ({ status: 200, body: {} }),
        ...noSimilar,
      });
      renderWithApp(
        <>
          <ListWithModal />
          <NoticeProbe />
        </>,
        { queryClient: clientWith(staff), language },
      );
      await user.click(screen.getByRole('heading', { name: /Toyota|تويوتا/ }));
      const dialog = await screen.findByRole('dialog');
      await user.click(await within(dialog).findByRole('button', { name: remove }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: yes }));
      expect(await screen.findByText(`notice_${type}_deleted`)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(window.location.pathname).toBe('/');
    },
  );

  it('says so when the offer is gone', async () => {
    const user = userEvent.setup();
    fakeServer({});
    renderWithApp(<ListWithModal />, { queryClient: clientWith(null) });
    await user.click(screen.getByRole('heading', { name: /Toyota/ }));
    expect(
      await screen.findByText('Cette annonce n’existe pas ou a été supprimée'),
    ).toBeInTheDocument();
  });
});

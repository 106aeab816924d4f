import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { choose, FakeXhr, renderForm, serve, fakeXhrInEachTest } from './product-form.test-support';

// The offer form's sending: kept while offline and posted when the network returns, refusals and
// the server's errors under their fields, files refused in the browser.

fakeXhrInEachTest();

describe('ProductForm, sending', () => {
  it('keeps a new offer posted offline, says it waits, and posts it when the network returns', async () => {
    const user = userEvent.setup();
    serve();
    renderForm();
    await choose(user, 'Voitures');
    await user.type(screen.getByLabelText('Titre de l’annonce en français'), 'Hilux hors ligne');
    await user.type(screen.getByLabelText(/^Prix/), '450000');
    FakeXhr.offline = true;
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    const waiting = await screen.findByText('Votre annonce est gardée sur ce téléphone', {
      exact: false,
    });
    expect(waiting).toBeInTheDocument();
    expect(screen.getByText('1 annonce en attente du réseau')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /En attente du réseau/ })).toBeDisabled();
    expect(screen.queryByText('page du produit')).not.toBeInTheDocument();

    FakeXhr.offline = false;
    FakeXhr.answer = { status: 201, body: { product: { id: 79 } } };
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('page du produit')).toBeInTheDocument();
    expect(FakeXhr.last!.url).toBe('/products/create/offer');
    expect(Object.fromEntries(FakeXhr.last!.body!.entries())).toMatchObject({
      name: 'Hilux hors ligne',
      price: '450000',
    });
    await waitFor(() => expect(screen.queryByText(/en attente du réseau/)).not.toBeInTheDocument());
  });

  it('shows a refusal of the kept post under its fields, and does not send it again', async () => {
    const user = userEvent.setup();
    serve();
    renderForm();
    await choose(user, 'Voitures');
    await user.type(screen.getByLabelText('Titre de l’annonce en français'), 'Hilux refusée');
    FakeXhr.offline = true;
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('1 annonce en attente du réseau')).toBeInTheDocument();

    FakeXhr.offline = false;
    FakeXhr.answer = { status: 422, body: { errors: { name: ['required'] } } };
    window.dispatchEvent(new Event('online'));
    const name = screen.getByLabelText('Titre de l’annonce en français');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Ce champ est obligatoire'));
    expect(screen.queryByText(/en attente du réseau/)).not.toBeInTheDocument();
    const sends = FakeXhr.last;
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 20));
    expect(FakeXhr.last).toBe(sends);
    expect(screen.getByRole('button', { name: 'Publier' })).toBeEnabled();
  });

  it('shows the server’s errors under their fields', async () => {
    const user = userEvent.setup();
    serve();
    FakeXhr.answer = {
      status: 422,
      body: {
        errors: { pfield_1: ['bad_input'], files: ['too_many_files'], global: ['forbidden'] },
      },
    };
    renderForm();
    await choose(user, 'Voitures');
    await user.type(screen.getByLabelText('Titre de l’annonce en français'), 'Hilux');
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByRole('combobox', { name: /Carburant/ })).toHaveAccessibleDescription(
      'Valeur incorrecte',
    );
    expect(
      screen.getByText('Le nombre de photos et vidéos ne peut pas dépasser 10'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Vous n’êtes pas autorisé(e) à faire cela');
  });

  it('refuses an eleventh file and one above ten megabytes in the browser', async () => {
    const user = userEvent.setup({ applyAccept: false });
    serve();
    renderForm();
    await choose(user, 'Voitures');
    const input = document.querySelector<HTMLInputElement>('input[name=files]')!;
    const photo = (i: number) =>
      new File([new Uint8Array(100)], `p${i}.png`, { type: 'image/png' });
    await user.upload(
      input,
      Array.from({ length: 11 }, (_, i) => photo(i)),
    );
    await waitFor(() => expect(document.querySelectorAll('.media-input__item')).toHaveLength(10));
    expect(
      screen.getByText('Le nombre de photos et vidéos ne peut pas dépasser 10'),
    ).toBeInTheDocument();
    expect(input).toBeDisabled();
    await user.click(screen.getAllByRole('button', { name: /Retirer le fichier/ })[0]);
    expect(input).toBeEnabled();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'film.mp4', { type: 'video/mp4' });
    await user.upload(input, big);
    expect(await screen.findByText('La taille du fichier dépasse 10 Mo')).toBeInTheDocument();
    expect(document.querySelectorAll('.media-input__item')).toHaveLength(9);
  });
});

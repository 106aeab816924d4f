import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES } from '../../../shared/constants';
import type { Point } from '../../../shared/domain/route-mode';
import { aUser, fakeServer, renderApp, type Handler } from '../../test/render-app';
import { FakeXhr } from '../../test/fake-xhr';
import { aShop, anEmployee } from './test-fixtures';

// The shop forms (/shops/new, /shops/edit/:id): the shared schema in the browser first, images
// checked before they are sent, one multipart request, the server's errors under their fields.

// Leaflet is not for jsdom: a picker that places a point, or clears it, on a click.
vi.mock('../../components/location-picker', () => ({
  LocationPicker: ({
    value,
    onChange,
  }: {
    value: Point | null;
    onChange: (point: Point | null) => void;
  }) => (
    <div>
      <button type="button" onClick={() => onChange({ latitude: 18.1, longitude: -15.95 })}>
        place
      </button>
      <button type="button" onClick={() => onChange(null)}>
        unplace
      </button>
      <output data-testid="point">{value ? `${value.latitude},${value.longitude}` : 'none'}</output>
    </div>
  ),
}));

// Pages load lazily, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const me: Record<string, Handler> = {
  'GET /users/me': () => ({ status: 200, body: { user: aUser({ id: 7 }) } }),
};
const categories: Record<string, Handler> = {
  'GET /pcategories/all': () => ({
    status: 200,
    body: {
      pcategories: [
        { id: 1, name: 'vehicles', name_ar: null, name_fr: null, order_number: 1 },
        {
          id: 2,
          name: 'solar_panels',
          name_ar: null,
          name_fr: 'Panneaux solaires',
          order_number: 2,
        },
        { id: 3, name: 'Camel milk', name_ar: null, name_fr: null, order_number: 3 },
      ],
    },
  }),
};

const png = (name = 'logo.png', size?: number) => {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
  if (size) Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** The page's code loads lazily (slowly on a busy machine). */
const findField = (label: string | RegExp) => screen.findByLabelText(label, {}, { timeout: 5000 });

function formEntries(body: unknown) {
  return Object.fromEntries([...(body as FormData).entries()]);
}

describe('create a shop', () => {
  it('sends a visitor to sign in first', async () => {
    fakeServer({ 'GET /users/me': () => ({ status: 200, body: { user: null } }) });
    const { router } = renderApp('/shops/new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fshops%2Fnew');
  });

  it('checks the fields in the browser first, under each field', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({ ...me, ...categories });
    renderApp('/shops/new');
    await user.type(await findField(/^Numéro de téléphone \(/), '123');
    await user.type(screen.getByLabelText(/^E-mail/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Créer une boutique' }));
    expect(screen.getByLabelText('Nom de la boutique')).toHaveAccessibleDescription(
      'Ce champ est obligatoire',
    );
    expect(screen.getByLabelText(/^Numéro de téléphone \(/)).toHaveAccessibleDescription(
      /Numéro de téléphone incorrect/,
    );
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription(/incorrect/);
    expect(screen.getByLabelText('Nom de la boutique')).toHaveFocus();
    expect(calls.filter((c) => c.url === '/shops/create')).toHaveLength(0);
  });

  it('lists the categories translated, and sends every field, the logo and the place', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({
      ...me,
      ...categories,
      'POST /shops/create': () => ({ status: 201, body: { shop: aShop({ id: 42 }) } }),
    });
    const { router } = renderApp('/shops/new');
    await screen.findByRole('option', { name: 'Véhicules' }, { timeout: 5000 });
    // The list is drawn again once the categories are there (so the default value applies).
    const category = screen.getByLabelText(/^Catégorie de la boutique/);
    expect(
      [...(category as HTMLSelectElement).options].map((option) => option.textContent),
    ).toEqual(['Aucune catégorie', 'Véhicules', 'Panneaux solaires', 'Camel milk']);

    await user.type(screen.getByLabelText('Nom de la boutique'), 'Garage Ennour');
    await user.selectOptions(category, '1');
    await user.click(screen.getByRole('checkbox', { name: /Boutique professionnelle/ }));
    await user.type(screen.getByLabelText(/^Numéro de téléphone \(/), '22 45 67 89');
    await user.type(screen.getByLabelText(/^Premier numéro WhatsApp/), '22456789');
    await user.type(screen.getByLabelText(/^Description/), 'Pièces et entretien');
    await user.upload(screen.getByLabelText(/^Logo/), png());
    expect(screen.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'place' }));
    await user.click(screen.getByRole('button', { name: 'Créer une boutique' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/shops/shop/42'));
    const sent = formEntries(calls.find((c) => c.url === '/shops/create')!.body);
    expect(sent).toMatchObject({
      name: 'Garage Ennour',
      pcategory_id: '1',
      is_professional: 'yes',
      phone_1: '22 45 67 89',
      phone_2: '',
      first_whatsapp_number: '22456789',
      description: 'Pièces et entretien',
      email: '',
      latitude: '18.1',
      longitude: '-15.95',
    });
    expect(sent.logo).toBeInstanceOf(File);
    expect(sent).not.toHaveProperty('cover');
  });

  it('refuses a file that is not an image, or too large, before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    fakeServer({ ...me, ...categories });
    renderApp('/shops/new');
    const logo = await findField(/^Logo/);
    await user.upload(logo, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(logo).toHaveAccessibleDescription(/Type de fichier refusé/);
    await user.upload(logo, png('big.png', MAX_FILE_BYTES + 1));
    expect(logo).toHaveAccessibleDescription(/La taille du fichier dépasse 10 Mo/);
    expect(screen.queryByRole('img', { name: 'Logo' })).toBeNull();
    await user.upload(logo, png());
    expect(logo).not.toHaveAccessibleDescription(/dépasse/);
    expect(screen.getByRole('img', { name: 'Logo' })).toBeInTheDocument();
  });

  it("shows the server's errors under their fields, and the general ones above", async () => {
    const user = userEvent.setup();
    fakeServer({
      ...me,
      ...categories,
      'POST /shops/create': () => ({
        status: 422,
        body: {
          errors: {
            pcategory_id: ['bad_input'],
            logo: ['file_type_not_allowed'],
            is_professional: ['personal_shop'],
            global: ['too_many_files'],
          },
        },
      }),
    });
    renderApp('/shops/new');
    await user.type(await findField('Nom de la boutique'), 'Garage');
    await user.upload(screen.getByLabelText(/^Logo/), png());
    await user.click(screen.getByRole('button', { name: 'Créer une boutique' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le nombre de photos et vidéos ne peut pas dépasser 10',
    );
    expect(screen.getByLabelText(/^Catégorie de la boutique/)).toHaveAccessibleDescription(
      /incorrect/i,
    );
    expect(screen.getByLabelText(/^Logo/)).toHaveAccessibleDescription(/Type de fichier refusé/);
    expect(screen.getByText(/Une boutique personnelle ne peut être ni supprimée/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Créer une boutique' })).toBeEnabled();
  });
});

describe('edit a shop', () => {
  const shopAnswer = (shop = aShop()): Record<string, Handler> => ({
    'GET /shops/shop/11': () => ({ status: 200, body: { shop } }),
  });

  it('comes filled in; removing the cover and the place sends them blank', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer({
      ...me,
      ...categories,
      ...shopAnswer(aShop({ cover: 'c'.repeat(32), cover_small_url: '/media/c-small.webp' })),
      'PUT /shops/11': () => ({ status: 200, body: { shop: aShop() } }),
    });
    const { router } = renderApp('/shops/edit/11');
    expect(await findField('Nom de la boutique')).toHaveValue('Garage Ennour');
    expect(screen.getByRole('checkbox', { name: /Boutique professionnelle/ })).toBeChecked();
    expect(screen.getByLabelText(/^Premier numéro WhatsApp/)).toHaveValue('22456789');
    expect(screen.getByTestId('point')).toHaveTextContent('18.0858,-15.9785');
    expect(screen.getByRole('img', { name: 'Image de couverture' })).toHaveAttribute(
      'src',
      '/media/c-small.webp',
    );
    await user.click(screen.getAllByRole('button', { name: 'Retirer' })[0]);
    await user.click(screen.getByRole('button', { name: 'unplace' }));
    await user.clear(screen.getByLabelText(/^Second numéro WhatsApp/));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shops/shop/11'));
    const sent = formEntries(calls.find((c) => c.method === 'PUT')!.body);
    expect(sent).toMatchObject({
      name: 'Garage Ennour',
      cover: '',
      latitude: '',
      longitude: '',
      second_whatsapp_number: '',
      is_professional: 'yes',
    });
    expect(sent).not.toHaveProperty('logo');
  });

  it('is refused to an employee of the shop', async () => {
    fakeServer({
      ...me,
      ...categories,
      ...shopAnswer(aShop({ employees: [anEmployee(1, 'owner'), anEmployee(7, 'employee')] })),
    });
    renderApp('/shops/edit/11');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(
      'Vous n’avez pas accès à cette page',
    );
    expect(screen.queryByLabelText('Nom de la boutique')).toBeNull();
  });
});

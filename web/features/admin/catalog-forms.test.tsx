import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp, type Handler } from '../../test/render-app';
import { aCategory, aField, aSubcategory, invalid, ok, page, staff } from './test/fixtures';

// The catalogue forms through the whole admin page: SPEC §9 defaults, SPEC §5 checks in the
// browser (nothing sent), the server's errors under their fields, and lists fetched again.

// The page's chunk loads once, before the first test's clock starts; the whole app renders in
// each test, which takes more than a second on a busy machine.
beforeAll(() => import('./admin-page'));
configure({ asyncUtilTimeout: 5000 });
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

function server(extra: Record<string, Handler> = {}) {
  return fakeServer({
    ...staff(),
    'POST /pcategories/paginate': () => ok({ pcategories: page([aCategory()]) }),
    'GET /psubcategories/pcategory/1': () => ok({ psubcategories: [aSubcategory()] }),
    'GET /pfields/psubcategory/10': () => ok({ pfields: [aField()] }),
    ...extra,
  });
}

const sent = (
  calls: { method: string; url: string; body: unknown }[],
  method: string,
  url: string,
) => calls.filter((call) => call.method === method && call.url === url);

async function openAdmin(language: 'fr' | 'ar' = 'fr') {
  const view = renderApp('/admin', language);
  const user = userEvent.setup();
  await screen.findByRole('button', { name: /^Véhicules|^مركبات/ });
  return { ...view, user };
}

/** The item (li) of a catalogue entry, found by its shown name. */
const itemOf = (name: RegExp) => screen.getByRole('button', { name }).closest('li')!;

async function openSubcategories(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Véhicules vehicles' }));
  await screen.findByRole('button', { name: 'Voitures cars' });
}

describe('category form', () => {
  it('starts with order 1 and checks name and order in the browser (SPEC §5)', async () => {
    const { calls } = server();
    const { user } = await openAdmin();
    await user.click(screen.getByRole('button', { name: 'Ajouter une catégorie' }));
    const name = screen.getByLabelText('Nom (clé)');
    const order = screen.getByLabelText('Ordre');
    expect(name).toHaveFocus();
    expect(order).toHaveValue('1');

    await user.clear(order);
    await user.type(order, '0');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Ce champ est obligatoire/);
    expect(order).toHaveAttribute('aria-invalid', 'true');
    expect(order).toHaveAccessibleDescription(/Le champ «\sOrdre\s» est incorrect/);
    expect(name).toHaveFocus();

    await user.clear(order);
    await user.type(order, 'abc');
    await user.type(name, 'x');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(order).toHaveAccessibleDescription(/Le champ «\sOrdre\s» est incorrect/);
    expect(sent(calls, 'POST', '/pcategories/create')).toHaveLength(0);
  });

  it('sends the category, closes, says so and fetches the list again', async () => {
    let created = false;
    const { calls } = server({
      'POST /pcategories/create': (body) => {
        created = true;
        return ok({ pcategory: aCategory({ id: 5, ...(body as object) }) }, 201);
      },
      'POST /pcategories/paginate': () =>
        ok({
          pcategories: page(
            created ? [aCategory(), aCategory({ id: 5, name: 'hovercrafts' })] : [aCategory()],
          ),
        }),
    });
    const { user } = await openAdmin();
    await user.click(screen.getByRole('button', { name: 'Ajouter une catégorie' }));
    await user.type(screen.getByLabelText('Nom (clé)'), '  hovercrafts ');
    await user.type(screen.getByLabelText(/Nom en français/), 'Bateaux');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));

    expect(await screen.findByText('Catégorie « \u2068Bateaux\u2069 » ajoutée.')).toBeVisible();
    expect(sent(calls, 'POST', '/pcategories/create')[0].body).toEqual({
      name: 'hovercrafts',
      name_ar: null,
      name_fr: 'Bateaux',
      order_number: 1,
    });
    expect(await screen.findByRole('button', { name: 'hovercrafts' })).toBeVisible();
    expect(screen.queryByLabelText('Nom (clé)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ajouter une catégorie' })).toHaveFocus();
  });

  it("shows the server's errors under their fields and its general ones on top", async () => {
    server({
      'POST /pcategories/create': () =>
        invalid({ name: ['name_taken'], order_number: ['bad_input'], global: ['forbidden'] }),
    });
    const { user } = await openAdmin();
    await user.click(screen.getByRole('button', { name: 'Ajouter une catégorie' }));
    await user.type(screen.getByLabelText('Nom (clé)'), 'vehicles');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByLabelText('Nom (clé)')).toHaveAccessibleDescription(
      /Ce nom existe déjà à cet endroit/,
    );
    expect(screen.getByLabelText('Ordre')).toHaveAccessibleDescription(
      /Le champ «\sOrdre\s» est incorrect/,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Vous n’êtes pas autorisé(e) à faire cela');
  });

  it('edits in place with the current values, and PUTs them', async () => {
    const { calls } = server({
      'PUT /pcategories/1': (body) => ok({ pcategory: aCategory(body as object) }),
    });
    const { user } = await openAdmin();
    await user.click(screen.getByRole('button', { name: 'Modifier la catégorie Véhicules' }));
    const item = itemOf(/^Véhicules/);
    expect(within(item).getByLabelText('Nom (clé)')).toHaveValue('vehicles');
    const order = within(item).getByLabelText('Ordre');
    await user.clear(order);
    await user.type(order, '4');
    await user.click(within(item).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(within(item).queryByLabelText('Ordre')).toBeNull());
    expect(sent(calls, 'PUT', '/pcategories/1')[0].body).toEqual({
      name: 'vehicles',
      name_ar: null,
      name_fr: null,
      order_number: 4,
    });
    // The list was asked again after the change.
    expect(sent(calls, 'POST', '/pcategories/paginate').length).toBeGreaterThan(1);
  });

  it('deletes after the confirmation, and shows why the server refused', async () => {
    const { calls } = server({
      'DELETE /pcategories/1': () => invalid({ global: ['category_in_use'] }),
    });
    const { user } = await openAdmin();
    await user.click(screen.getByRole('button', { name: 'Supprimer la catégorie Véhicules' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer la catégorie' });
    // 'No' sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Non' }));
    expect(sent(calls, 'DELETE', '/pcategories/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Supprimer la catégorie Véhicules' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Des offres utilisent cette catégorie : elle ne peut pas être supprimée.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent(calls, 'DELETE', '/pcategories/1')).toHaveLength(1);
  });
});

describe('subcategory form', () => {
  it('starts with order 1, every flag yes and no unit, and sends them (SPEC §9)', async () => {
    const { calls } = server({
      'POST /psubcategories/create/1': (body) =>
        ok({ psubcategory: aSubcategory({ id: 11, ...(body as object) }) }, 201),
    });
    const { user } = await openAdmin();
    await openSubcategories(user);
    await user.click(screen.getByRole('button', { name: 'Ajouter une sous-catégorie' }));
    const form = screen.getByLabelText('Nom (clé)').closest('form')!;
    expect(within(form).getByLabelText('Ordre')).toHaveValue('1');
    expect(within(form).getByLabelText('Unité de mesure')).toHaveValue('');
    for (const flag of [
      'Peut être d’occasion',
      'Peut être loué',
      'Peut être livré',
      'A un prix',
      'Se compte à l’unité',
    ]) {
      const group = within(form).getByRole('radiogroup', { name: flag });
      expect(within(group).getByRole('radio', { name: 'Oui' })).toBeChecked();
    }

    await user.type(within(form).getByLabelText('Nom (clé)'), 'hovercrafts');
    await user.selectOptions(within(form).getByLabelText('Unité de mesure'), 'M');
    await user.click(
      within(within(form).getByRole('radiogroup', { name: 'Peut être d’occasion' })).getByRole(
        'radio',
        {
          name: 'Non',
        },
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(
      await screen.findByText('Sous-catégorie « \u2068hovercrafts\u2069 » ajoutée.'),
    ).toBeVisible();
    expect(sent(calls, 'POST', '/psubcategories/create/1')[0].body).toEqual({
      name: 'hovercrafts',
      name_ar: null,
      name_fr: null,
      order_number: 1,
      can_be_used: 'no',
      can_be_rented: 'yes',
      can_be_delivered: 'yes',
      can_be_priced: 'yes',
      can_be_counted: 'yes',
      mesure_unit: 'M',
    });
    expect(sent(calls, 'GET', '/psubcategories/pcategory/1').length).toBeGreaterThan(1);
  });

  it('checks name and order in the browser', async () => {
    const { calls } = server();
    const { user } = await openAdmin();
    await openSubcategories(user);
    await user.click(screen.getByRole('button', { name: 'Ajouter une sous-catégorie' }));
    const form = screen.getByLabelText('Nom (clé)').closest('form')!;
    const order = within(form).getByLabelText('Ordre');
    await user.clear(order);
    await user.type(order, '-3');
    await user.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(within(form).getByLabelText('Nom (clé)')).toHaveAccessibleDescription(
      /Ce champ est obligatoire/,
    );
    expect(order).toHaveAccessibleDescription(/Le champ «\sOrdre\s» est incorrect/);
    expect(sent(calls, 'POST', '/psubcategories/create/1')).toHaveLength(0);
  });

  it('edits with the current flags and unit', async () => {
    const { calls } = server({
      'PUT /psubcategories/10': (body) => ok({ psubcategory: aSubcategory(body as object) }),
    });
    const { user } = await openAdmin();
    await openSubcategories(user);
    await user.click(screen.getByRole('button', { name: 'Modifier la sous-catégorie Voitures' }));
    const form = screen.getByLabelText('Nom (clé)').closest('form')!;
    const delivered = within(form).getByRole('radiogroup', { name: 'Peut être livré' });
    expect(within(delivered).getByRole('radio', { name: 'Non' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/psubcategories/10')).toHaveLength(1));
    expect(sent(calls, 'PUT', '/psubcategories/10')[0].body).toMatchObject({
      name: 'cars',
      can_be_delivered: 'no',
      can_be_counted: 'no',
      mesure_unit: '',
    });
  });

  it('shows a refused delete as the general error', async () => {
    server({ 'DELETE /psubcategories/10': () => invalid({ global: ['subcategory_in_use'] }) });
    const { user } = await openAdmin();
    await openSubcategories(user);
    await user.click(screen.getByRole('button', { name: 'Supprimer la sous-catégorie Voitures' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Des offres utilisent cette sous-catégorie',
    );
  });
});

describe('field form', () => {
  async function openFields(user: ReturnType<typeof userEvent.setup>) {
    await openSubcategories(user);
    await user.click(screen.getByRole('button', { name: 'Voitures cars' }));
    await screen.findByRole('button', { name: 'Modifier le champ Carburant' });
  }

  it('lists fields with their type, position and translated values', async () => {
    server();
    const { user } = await openAdmin();
    await openFields(user);
    const item = screen.getByText('Carburant').closest('li')!;
    expect(item).toHaveTextContent('fuel');
    expect(item).toHaveTextContent('Liste déroulante');
    expect(item).toHaveTextContent('Premier');
    expect(item).toHaveTextContent('2 valeurs');
    expect(within(item).getByText('Essence')).toBeVisible();
    expect(within(item).getByText('Diesel')).toBeVisible();
  });

  it('starts translated, text, third, no unit, no values; sends the JSON as typed (no check)', async () => {
    const { calls } = server({
      'POST /pfields/create/10': () => invalid({ values: ['invalid_json'] }),
    });
    const { user } = await openAdmin();
    await openFields(user);
    await user.click(screen.getByRole('button', { name: 'Ajouter un champ' }));
    const form = screen.getByLabelText('Nom du champ').closest('form')!;
    expect(within(form).getByLabelText('Type')).toHaveValue('text');
    expect(within(form).getByLabelText('Position')).toHaveValue('third');
    expect(within(form).getByLabelText('Unité de mesure')).toHaveValue('');
    expect(
      within(within(form).getByRole('radiogroup', { name: 'Traduit' })).getByRole('radio', {
        name: 'Oui',
      }),
    ).toBeChecked();
    const values = within(form).getByLabelText('Valeurs (JSON)');
    expect(values).toHaveValue('');

    await user.type(within(form).getByLabelText('Nom du champ'), 'hull');
    await user.selectOptions(within(form).getByLabelText('Type'), 'select');
    await user.click(values);
    await user.paste('[{"value": "wood"');
    await user.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(await within(form).findByText('Texte JSON invalide')).toBeVisible();
    expect(values).toHaveAttribute('aria-invalid', 'true');
    expect(sent(calls, 'POST', '/pfields/create/10')[0].body).toEqual({
      name: 'hull',
      name_ar: '',
      name_fr: '',
      type: 'select',
      position: 'third',
      mesure_unit: '',
      translated: 'yes',
      values: '[{"value": "wood"',
    });
  });

  it("sends even an empty form (the server decides), and names the field in 'bad input'", async () => {
    const { calls } = server({
      'POST /pfields/create/10': () => invalid({ name: ['required'], values: ['bad_input'] }),
    });
    const { user } = await openAdmin();
    await openFields(user);
    await user.click(screen.getByRole('button', { name: 'Ajouter un champ' }));
    const form = screen.getByLabelText('Nom du champ').closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(await within(form).findByText('Ce champ est obligatoire')).toBeVisible();
    expect(within(form).getByText(/Le champ « Valeurs » est incorrect/)).toBeVisible();
    expect(sent(calls, 'POST', '/pfields/create/10')).toHaveLength(1);
  });

  it('edits with the values laid out as JSON, and PUTs them', async () => {
    const { calls } = server({
      'PUT /pfields/100': (body) => ok({ pfield: aField(body as object) }),
    });
    const { user } = await openAdmin();
    await openFields(user);
    await user.click(screen.getByRole('button', { name: 'Modifier le champ Carburant' }));
    const form = screen.getByLabelText('Nom du champ').closest('form')!;
    expect(within(form).getByLabelText('Valeurs (JSON)')).toHaveValue(
      JSON.stringify([{ value: 'petrol' }, { value: 'diesel' }], null, 2),
    );
    expect(within(form).getByLabelText('Type')).toHaveValue('select');
    expect(within(form).getByLabelText('Position')).toHaveValue('first');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/pfields/100')).toHaveLength(1));
    expect(
      JSON.parse((sent(calls, 'PUT', '/pfields/100')[0].body as { values: string }).values),
    ).toEqual([{ value: 'petrol' }, { value: 'diesel' }]);
    expect(sent(calls, 'GET', '/pfields/psubcategory/10').length).toBeGreaterThan(1);
  });

  it('gives each sub-field Arabic and French labels, sent inside the values (issue 35 item 18)', async () => {
    const brands = JSON.stringify([
      {
        value: 'Yamaha',
        sub_field: { name: 'cylindree', name_ar: 'سعة المحرك', values: [{ value: '125' }] },
      },
      { value: 'Honda', sub_field: { name: 'cylindree', values: [{ value: '250' }] } },
    ]);
    const { calls } = server({
      'GET /pfields/psubcategory/10': () => ok({ pfields: [aField({ values: brands })] }),
      'PUT /pfields/100': (body) => ok({ pfield: aField(body as object) }),
    });
    const { user } = await openAdmin();
    await openFields(user);
    // The list names the sub-field by its key while it has no French label.
    expect(screen.getByText('Carburant').closest('li')!).toHaveTextContent('cylindree');
    await user.click(screen.getByRole('button', { name: 'Modifier le champ Carburant' }));
    const form = screen.getByLabelText('Nom du champ').closest('form')!;
    // One pair for the name, however many values open it; the Arabic label as stored.
    const group = within(form).getByRole('group', { name: 'Noms des sous-champs' });
    expect(within(group).getAllByRole('textbox')).toHaveLength(2);
    expect(within(group).getByLabelText(/cylindree.*en arabe/)).toHaveValue('سعة المحرك');
    const french = within(group).getByLabelText(/cylindree.*en français/);
    expect(french).toHaveValue('');
    await user.type(french, 'Cylindrée');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/pfields/100')).toHaveLength(1));
    const body = sent(calls, 'PUT', '/pfields/100')[0].body as Record<string, string>;
    expect(Object.keys(body).some((key) => key.startsWith('sub_label'))).toBe(false);
    expect(JSON.parse(body.values)).toEqual([
      {
        value: 'Yamaha',
        sub_field: {
          name: 'cylindree',
          name_ar: 'سعة المحرك',
          name_fr: 'Cylindrée',
          values: [{ value: '125' }],
        },
      },
      {
        value: 'Honda',
        sub_field: {
          name: 'cylindree',
          name_ar: 'سعة المحرك',
          name_fr: 'Cylindrée',
          values: [{ value: '250' }],
        },
      },
    ]);
  });

  it('shows no sub-field labels for values that open none, and a pair once the JSON adds one', async () => {
    server();
    const { user } = await openAdmin();
    await openFields(user);
    await user.click(screen.getByRole('button', { name: 'Ajouter un champ' }));
    const form = screen.getByLabelText('Nom du champ').closest('form')!;
    expect(within(form).queryByRole('group', { name: 'Noms des sous-champs' })).toBeNull();
    await user.click(within(form).getByLabelText('Valeurs (JSON)'));
    await user.paste('[{"value": "Moto", "sub_field": {"name": "cylindree", "values": []}}]');
    expect(within(form).getByRole('group', { name: 'Noms des sous-champs' })).toBeVisible();
  });

  it('deletes through the confirmation and fetches the fields again', async () => {
    let deleted = false;
    const { calls } = server({
      'DELETE /pfields/100': () => {
        deleted = true;
        return { status: 204 };
      },
      'GET /pfields/psubcategory/10': () => ok({ pfields: deleted ? [] : [aField()] }),
    });
    const { user } = await openAdmin();
    await openFields(user);
    await user.click(screen.getByRole('button', { name: 'Supprimer le champ Carburant' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('Aucun champ')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent(calls, 'DELETE', '/pfields/100')).toHaveLength(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCategory, invalid, ok, page } from './test/fixtures';
import { itemOf, openAdmin, sent, server } from './test/catalog-forms';
import { setUpAdminPageTests } from './test/admin-page-tests';

// The category form through the whole admin page: SPEC §9 defaults, SPEC §5 checks in the
// browser (nothing sent), the server's errors under their fields, and the list fetched again.

setUpAdminPageTests();

describe('category form', { timeout: 20_000 }, () => {
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

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSubcategory, invalid, ok } from './test/fixtures';
import { openAdmin, openSubcategories, sent, server } from './test/catalog-forms';
import { setUpAdminPageTests } from './test/admin-page-tests';

// The subcategory form through the whole admin page: SPEC §9 defaults (flags, unit), checks in
// the browser, edits and refused deletes.

setUpAdminPageTests();

describe('subcategory form', { timeout: 20_000 }, () => {
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

import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aField, invalid, ok } from './test/fixtures';
import { openAdmin, openSubcategories, sent, server } from './test/catalog-forms';
import { setUpAdminPageTests } from './test/admin-page-tests';

// The field form through the whole admin page: SPEC §9 defaults, the values' JSON as typed, the
// sub-fields' labels in both languages (issue 35 item 18), and the list fetched again.

setUpAdminPageTests();

describe('field form', { timeout: 20_000 }, () => {
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

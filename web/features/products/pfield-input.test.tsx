import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Pfield } from '../../../shared/schemas/catalog';
import { renderWithApp } from '../../test/render';
import { PfieldInput } from './pfield-input';

// Issue 35 item 18: a sub-field an admin adds is labelled in the page's language, like a field,
// never by its raw key ("cylindree (facultatif)"); without labels, the dictionary's word or the key.

const kind = (subField: Record<string, unknown>): Pfield => ({
  id: 7,
  psubcategory_id: 10,
  name: 'moto_kind',
  name_ar: 'النوع',
  name_fr: 'Type',
  translated: 'no',
  type: 'select',
  mesure_unit: '',
  position: 'first',
  values: JSON.stringify([
    { value: 'Moto', sub_field: { ...subField, values: [{ value: '125' }] } },
  ]),
});

const labelled = kind({ name: 'cylindree', name_ar: 'سعة المحرك', name_fr: 'Cylindrée' });
const noop = () => {};

describe('a sub-field’s label', () => {
  it('is the admin’s French label on a French page', () => {
    renderWithApp(<PfieldInput field={labelled} value="Moto" onChange={noop} sub="" />);
    expect(screen.getByRole('combobox', { name: /^Cylindrée/ })).toBeInTheDocument();
    expect(screen.queryByText(/cylindree/)).not.toBeInTheDocument();
  });

  it('is the admin’s Arabic label on an Arabic page', () => {
    renderWithApp(<PfieldInput field={labelled} value="Moto" onChange={noop} sub="" />, {
      language: 'ar',
    });
    expect(screen.getByRole('combobox', { name: /^سعة المحرك/ })).toBeInTheDocument();
  });

  it('falls back to the dictionary’s word for its key, else the key', () => {
    renderWithApp(
      <PfieldInput field={kind({ name: 'model' })} value="Moto" onChange={noop} sub="" />,
    );
    expect(screen.getByRole('combobox', { name: /^Modèle/ })).toBeInTheDocument();
  });
});

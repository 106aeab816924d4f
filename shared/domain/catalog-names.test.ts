import { describe, expect, it } from 'vitest';
import type { Language } from '../constants';
import { catalogName } from './catalog-names';

const dictionary: Record<string, string> = { vehicles: 'Véhicules' };
const label = (item: Parameters<typeof catalogName>[0], language: Language = 'fr') =>
  catalogName(
    item,
    language,
    (key) => dictionary[key],
    (key) => key in dictionary,
  );

describe('catalogue names (DESIGN §6)', () => {
  it('translates a dictionary key', () => {
    expect(label({ name: 'vehicles' })).toBe('Véhicules');
  });

  it('shows any other name as typed', () => {
    expect(label({ name: 'Pirogues de Nouadhibou' })).toBe('Pirogues de Nouadhibou');
  });

  it("prefers the admin's label for the page's language", () => {
    const item = { name: 'vehicles', name_ar: 'عربات', name_fr: 'Autos' };
    expect(label(item, 'fr')).toBe('Autos');
    expect(label(item, 'ar')).toBe('عربات');
    expect(label({ name: 'vehicles', name_ar: 'عربات', name_fr: null }, 'fr')).toBe('Véhicules');
    expect(label({ name: 'boats', name_fr: '' }, 'fr')).toBe('boats');
  });
});

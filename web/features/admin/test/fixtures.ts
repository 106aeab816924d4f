import type { FrontendLog } from '../../../../shared/schemas/admin';
import type { Pcategory, Pfield, Psubcategory } from '../../../../shared/schemas/catalog';
import { toPagination } from '../../../../shared/schemas/common';
import { aUser, type Handler } from '../../../test/render-app';

// Answers of the catalogue API for the admin page's tests (shapes of docs/catalog.md).

export const aCategory = (overrides: Partial<Pcategory> = {}): Pcategory => ({
  id: 1,
  name: 'vehicles',
  name_ar: null,
  name_fr: null,
  order_number: 1,
  ...overrides,
});

export const aSubcategory = (overrides: Partial<Psubcategory> = {}): Psubcategory => ({
  id: 10,
  name: 'cars',
  name_ar: null,
  name_fr: null,
  pcategory_id: 1,
  pcategory: { id: 1, name: 'vehicles' },
  order_number: 1,
  can_be_used: 'yes',
  can_be_rented: 'yes',
  can_be_delivered: 'no',
  can_be_priced: 'yes',
  can_be_counted: 'no',
  mesure_unit: '',
  ...overrides,
});

export const aField = (overrides: Partial<Pfield> = {}): Pfield => ({
  id: 100,
  psubcategory_id: 10,
  name: 'fuel',
  name_ar: null,
  name_fr: null,
  translated: 'yes',
  type: 'select',
  mesure_unit: '',
  position: 'first',
  values: '[{"value":"petrol"},{"value":"diesel"}]',
  ...overrides,
});

export const aLog = (overrides: Partial<FrontendLog> = {}): FrontendLog => ({
  id: 1,
  user: { id: 7, first_name: 'Aïcha', last_name: 'Ba', phone_1: '22000002' },
  creation_date: '2026-03-01T10:00:00.000Z',
  text: JSON.stringify({ message: 'TypeError: x is undefined', stack: 'at f (a.js:1:1)' }),
  ...overrides,
});

export const ok = (body: unknown, status = 200) => ({ status, body });
export const invalid = (errors: Record<string, string[]>) => ({ status: 422, body: { errors } });

export const page = <T>(rows: T[], total = rows.length, current = 1) =>
  toPagination(rows, total, current, 20);

export const staff = (role: 'admin' | 'moderator' = 'admin'): Record<string, Handler> => ({
  'GET /users/me': () => ok({ user: aUser({ role }) }),
});

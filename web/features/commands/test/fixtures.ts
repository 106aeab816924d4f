import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Command } from '../../../../shared/schemas/commands';
import type { Product } from '../../../../shared/schemas/products';
import { aProduct as aProductOf } from '../../../test/products';
import { aUser, type Handler } from '../../../test/render-app';

// Shared by the commands suites: the buyer, an offer of the Boutique, its commands as the list
// API answers them, and the form opened.

export const buyer = aUser({ id: 7, shops: [] });
export const as = (user: unknown) => ({ 'GET /users/me': () => ({ status: 200, body: { user } }) });

/** A phone offer of the Boutique (shop 11), through the shared factory (web/test/products.ts). */
export function aProduct(
  overrides: Partial<Product> = {},
  sub: Partial<Product['psubcategory']> = {},
) {
  return aProductOf({
    id: 5,
    type: 'offer',
    user_id: 30,
    shop_id: 11,
    psubcategory_id: 13,
    name: 'Samsung A54',
    name_ar: null,
    name_fr: null,
    more_infos_ar: null,
    more_infos_fr: null,
    description: null,
    price: 9000,
    offer_type: 'sale',
    unit: null,
    negotiable: 'yes',
    used: 'no',
    delivery: 'no',
    private: 'no',
    number: 3,
    sold_count: 0,
    sold: false,
    saved_count: 0,
    reports_count: 0,
    comments_count: 0,
    commands_count: 0,
    latitude: null,
    longitude: null,
    distance: null,
    contact_methods: [],
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    shop: { id: 11, name: 'Boutique', employees: [] },
    psubcategory: {
      id: 13,
      name: 'phones',
      name_ar: null,
      name_fr: null,
      can_be_used: 'yes',
      can_be_rented: 'no',
      can_be_delivered: 'yes',
      can_be_priced: 'yes',
      can_be_counted: 'yes',
      mesure_unit: '',
      pcategory: { id: 3, name: 'multimedia', name_ar: null, name_fr: null },
      ...sub,
    },
    pfiles: [],
    pfields: [],
    like_count: 0,
    haha_count: 0,
    love_count: 0,
    wow_count: 0,
    sad_count: 0,
    angry_count: 0,
    reactions_count: 0,
    top: [],
    saved: false,
    reported: false,
    reaction: null,
    ...overrides,
  });
}

export function aCommand(id: number, overrides: Partial<Command> = {}): Command {
  const at = `2026-03-01T11:${String(id).padStart(2, '0')}:00.000Z`;
  return {
    id,
    user_id: 40,
    product_id: 5,
    user: {
      id: 40,
      first_name: 'Oumar',
      last_name: 'Sy',
      photo: null,
      photo_url: null,
      photo_small_url: null,
      phone: '22334455',
      whatsapp_number: null,
    },
    price: 8800,
    number: 1,
    period: null,
    private: 'no',
    text: null,
    sold: false,
    starts_at: null,
    comments_count: 0,
    created_at: at,
    updated_at: at,
    like_count: 0,
    haha_count: 0,
    love_count: 0,
    wow_count: 0,
    sad_count: 0,
    angry_count: 0,
    reaction: null,
    ...overrides,
  };
}

export function listOf(commands: Command[], total = commands.length): Handler {
  const newestFirst = [...commands].sort((a, b) => b.id - a.id);
  return (body) => {
    const { limit, offset } = body as { limit: number; offset: number };
    return { status: 200, body: { commands: newestFirst.slice(offset, offset + limit), total } };
  };
}

export async function openForm(label = 'Passer commande') {
  await userEvent.click(await screen.findByRole('button', { name: label }));
  return document.querySelector('.command-form') as HTMLFormElement;
}

import type { ShopRole } from '../../../shared/constants';
import type { Pagination } from '../../../shared/schemas/common';
import type { ProductCard } from '../../../shared/schemas/products';
import type { Shop, ShopEmployee } from '../../../shared/schemas/shops';
import { aCard as sharedCard } from '../products/components/product-fixtures.test-support';

// Answers of the API for the shops screens' tests (shapes of shared/schemas).

export function anEmployee(id: number, role: ShopRole, first = `User${id}`): ShopEmployee {
  return {
    id,
    first_name: first,
    last_name: 'Ba',
    photo: null,
    photo_url: null,
    photo_small_url: null,
    pivot: { role },
  };
}

export function aShop(overrides: Partial<Shop> = {}): Shop {
  return {
    id: 11,
    name: 'Garage Ennour',
    logo: null,
    logo_url: null,
    logo_small_url: null,
    cover: null,
    cover_url: null,
    cover_small_url: null,
    description: 'Pièces et entretien',
    phone_1: '22456789',
    phone_2: null,
    first_whatsapp_number: '22456789',
    second_whatsapp_number: '36000001',
    has_phone: true,
    email: 'garage@example.mr',
    more_infos: null,
    is_professional: true,
    latitude: 18.0858,
    longitude: -15.9785,
    pcategory_id: 1,
    pcategory: { id: 1, name: 'vehicles' },
    offers_count: 1,
    demands_count: 0,
    rating_average: null,
    rating_count: 0,
    created_at: '2025-01-10T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    employees: [anEmployee(7, 'owner', 'Aïcha'), anEmployee(8, 'employee', 'Sidi')],
    ...overrides,
  };
}

/** A card of the shop's lists: the shared test card, named in French. */
export function aCard(id: number, name: string): ProductCard {
  return sharedCard({ id, name, name_ar: null, name_fr: name });
}

export function aPage<T>(data: T[], page = 1, last = 1): Pagination<T> {
  return {
    current_page: page,
    last_page: last,
    per_page: 20,
    total: data.length,
    to: data.length || null,
    data,
  };
}

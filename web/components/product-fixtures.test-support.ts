import { QueryClient } from '@tanstack/react-query';
import type { ProductCard } from '../../shared/schemas/products';
import { meQueryKey, type Me } from '../lib/use-me';
export { aUser } from '../test/render-app';

// Test data of the offer components (cards, full view, modal).

export function aCard(overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id: 42,
    type: 'offer',
    name: 'Toyota Hilux 2019',
    name_ar: 'تويوتا هيلوكس 2019',
    name_fr: 'Toyota Hilux 2019 (très bon état)',
    price: 1_250_000,
    offer_type: 'sale',
    unit: null,
    negotiable: 'yes',
    number: 1,
    sold_count: 0,
    sold: false,
    psubcategory_id: 3,
    image: '/media/0123456789abcdef0123456789abcdef-small.webp',
    shop: {
      id: 5,
      name: 'Garage Sahel',
      logo: null,
      logo_url: null,
      logo_small_url: null,
      phone_1: '22334455',
      first_whatsapp_number: '33445566',
      is_professional: true,
    },
    saved_count: 2,
    comments_count: 4,
    commands_count: 1,
    created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    updated_at: new Date(Date.now() - 3600_000).toISOString(),
    like_count: 3,
    haha_count: 0,
    love_count: 1,
    wow_count: 0,
    sad_count: 0,
    angry_count: 0,
    reactions_count: 4,
    top: ['like', 'love'],
    saved: false,
    reported: false,
    reaction: null,
    ...overrides,
  };
}

/** A query client whose `me` is already known (null: anonymous). */
export function clientWith(me: Me | null): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  client.setQueryData(meQueryKey, me);
  return client;
}

/** A promise settled from outside (to hold a request open). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

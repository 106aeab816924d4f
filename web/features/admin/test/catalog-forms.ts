import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, renderApp, type Handler } from '../../../test/render-app';
import { aCategory, aField, aSubcategory, ok, page, staff } from './fixtures';

// The catalogue forms' suites (category, subcategory and field forms): a fake server with one
// entry of each, and the admin page opened on it.

export function server(extra: Record<string, Handler> = {}) {
  return fakeServer({
    ...staff(),
    'POST /pcategories/paginate': () => ok({ pcategories: page([aCategory()]) }),
    'GET /psubcategories/pcategory/1': () => ok({ psubcategories: [aSubcategory()] }),
    'GET /pfields/psubcategory/10': () => ok({ pfields: [aField()] }),
    ...extra,
  });
}

export const sent = (
  calls: { method: string; url: string; body: unknown }[],
  method: string,
  url: string,
) => calls.filter((call) => call.method === method && call.url === url);

export async function openAdmin(language: 'fr' | 'ar' = 'fr') {
  const view = renderApp('/admin', language);
  const user = userEvent.setup();
  await screen.findByRole('button', { name: /^Véhicules|^مركبات/ });
  return { ...view, user };
}

/** The item (li) of a catalogue entry, found by its shown name. */
export const itemOf = (name: RegExp) => screen.getByRole('button', { name }).closest('li')!;

export async function openSubcategories(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Véhicules vehicles' }));
  await screen.findByRole('button', { name: 'Voitures cars' });
}

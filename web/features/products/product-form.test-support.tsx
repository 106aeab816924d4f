// The ProductForm tests' catalogue (cars and dates), fake server, upload stand-in and render
// (product-form.test.tsx, product-form-sending.test.tsx).

import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { Pfield, Psubcategory } from '../../../shared/schemas/catalog';
import { aUser, clientWith } from './components/product-fixtures.test-support';
import { renderWithApp } from '../../test/render';
import { fakeServer } from '../../test/render-app';
import { ProductForm } from './product-form';
import { PendingPosts } from './outbox/pending-posts';

const sub = (id: number, name: string, flags: Partial<Psubcategory>): Psubcategory => ({
  id,
  name,
  name_ar: null,
  name_fr: null,
  pcategory_id: 1,
  pcategory: { id: 1, name: 'vehicles' },
  order_number: id,
  can_be_used: 'yes',
  can_be_rented: 'yes',
  can_be_delivered: 'yes',
  can_be_priced: 'yes',
  can_be_counted: 'yes',
  mesure_unit: '',
  ...flags,
});

const field = (
  id: number,
  name: string,
  type: Pfield['type'],
  values: string[],
  extra: Partial<Pfield> = {},
): Pfield => ({
  id,
  psubcategory_id: 10,
  name,
  name_ar: null,
  name_fr: null,
  translated: 'yes',
  type,
  mesure_unit: '',
  position: 'first',
  values: JSON.stringify(values.map((value) => ({ value }))),
  ...extra,
});

const CARS = sub(10, 'cars', { can_be_counted: 'no', can_be_delivered: 'no' });
const DATES = sub(11, 'dates', { can_be_priced: 'no', can_be_rented: 'no', can_be_used: 'no' });

export function serve() {
  return fakeServer({
    'GET /pcategories/all': () => ({
      status: 200,
      body: {
        pcategories: [{ id: 1, name: 'vehicles', name_ar: null, name_fr: null, order_number: 1 }],
      },
    }),
    'GET /psubcategories/pcategory/1': () => ({
      status: 200,
      body: { psubcategories: [CARS, DATES] },
    }),
    'GET /pfields/psubcategory/10': () => ({
      status: 200,
      body: {
        pfields: [
          field(1, 'fuel', 'select', ['petrol', 'diesel']),
          field(2, 'mileage', 'number', [], { mesure_unit: 'KM' }),
          field(3, 'customs', 'radio', ['customs_cleared', 'not_customs_cleared']),
          field(4, 'car_features', 'checkbox', ['gps', 'sunroof']),
          field(5, 'brand', 'select', [], {
            translated: 'no',
            // SPEC §3: each brand opens its models.
            values: JSON.stringify([
              {
                value: 'Toyota',
                sub_field: { name: 'model', values: [{ value: 'Hilux' }, { value: 'Corolla' }] },
              },
              { value: 'Peugeot', sub_field: { name: 'model', values: [{ value: '206' }] } },
            ]),
          }),
        ],
      },
    }),
    'GET /pfields/psubcategory/11': () => ({ status: 200, body: { pfields: [] } }),
  });
}

/** A stand-in for XMLHttpRequest (uploads report progress through it). */
export class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  /** The network is down: the request fails without an answer (HttpError status 0). */
  static offline = false;
  method = '';
  url = '';
  body: FormData | null = null;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
    queueMicrotask(() => {
      if (FakeXhr.offline) return this.onerror?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    });
  }
}

/** Uploads (XMLHttpRequest) go to FakeXhr in each test of the calling file. */
export function fakeXhrInEachTest() {
  beforeEach(() => {
    FakeXhr.last = null;
    FakeXhr.offline = false;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());
}

export function renderForm(type: 'offer' | 'demand' = 'offer', me = aUser()) {
  return renderWithApp(
    <>
      {/* The shell's outbox: it sends kept posts when the network returns (docs/offline.md). */}
      <PendingPosts />
      <Routes>
        <Route path="/" element={<ProductForm type={type} me={me} />} />
        <Route path="/products/product/:id" element={<p>page du produit</p>} />
      </Routes>
    </>,
    { queryClient: clientWith(aUser()) },
  );
}

export async function choose(user: ReturnType<typeof userEvent.setup>, subcategory: string) {
  const category = await screen.findByRole('combobox', { name: 'Catégorie' });
  await within(category).findByRole('option', { name: 'Véhicules' });
  await user.selectOptions(category, 'Véhicules');
  const subSelect = screen.getByRole('combobox', { name: 'Sous-catégorie' });
  await waitFor(() =>
    expect(within(subSelect).getByRole('option', { name: subcategory })).toBeInTheDocument(),
  );
  await user.selectOptions(subSelect, subcategory);
}

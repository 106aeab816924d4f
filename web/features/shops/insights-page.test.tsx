import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Insights } from '../../../shared/schemas/insights';
import { aUser, fakeServer, renderApp } from '../../test/render-app';
import { aShop } from './test-fixtures';

// Issue 19 item 6: /shops/insights/{id}, for the shop's staff.

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

const day = (date: string, views: number, whatsapp: number) => ({
  date,
  views,
  phone: 0,
  call: 0,
  whatsapp,
  share: 0,
  save: 0,
  bump: 0,
});
const insights: Insights = {
  days: [day('2026-11-23', 2, 0), day('2026-11-24', 0, 0), day('2026-11-25', 5, 3)],
  offers: [
    {
      id: 9,
      name: 'Hilux',
      name_ar: 'هيلوكس',
      name_fr: 'Toyota Hilux',
      type: 'offer',
      views: 7,
      phone: 1,
      call: 0,
      whatsapp: 3,
      share: 0,
      save: 2,
      bump: 1,
    },
  ],
};

function server(status = 200) {
  return fakeServer({
    'GET /users/me': () => ({ status: 200, body: { user: aUser({ id: 7 }) } }),
    'GET /shops/shop/11': () => ({ status: 200, body: { shop: aShop() } }),
    'GET /shops/11/insights?days=30': () =>
      status === 200
        ? { status: 200, body: { insights } }
        : { status, body: { errors: { global: ['forbidden'] } } },
  });
}

describe('the shop insights page', () => {
  it("shows today's figures, the chart and a row per offer, in French", async () => {
    server();
    renderApp('/shops/insights/11');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Statistiques de la boutique' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('insights-today')).toHaveTextContent(
      'Vues : 5 · WhatsApp : 3 · Appels : 0',
    );
    const days = document.querySelectorAll('.insights-chart__day');
    expect(days).toHaveLength(3);
    expect(
      days[2].querySelector('.insights-chart__bar--whatsapp')?.getAttribute('data-value'),
    ).toBe('3');
    const row = screen.getByRole('row', { name: /Toyota Hilux/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', '1', '0', '3', '0', '2', '1']);
  });

  it('runs the time axis right to left in Arabic', async () => {
    server();
    renderApp('/shops/insights/11', 'ar');
    await screen.findByRole('heading', { level: 1, name: 'إحصاءات المتجر' });
    const bars = [...document.querySelectorAll('.insights-chart__bar--views')];
    const x = (i: number) => Number(bars[i].getAttribute('x'));
    expect(x(2)).toBeLessThan(x(0));
    expect(screen.getByRole('row', { name: /هيلوكس/ })).toBeInTheDocument();
  });

  it('tells others that insights are for the staff (403)', async () => {
    server(403);
    renderApp('/shops/insights/11');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Seule l’équipe de la boutique voit ses statistiques.',
    );
  });
});

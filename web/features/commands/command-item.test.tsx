import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { aUser, fakeServer } from '../../test/render-app';
import { CommandsTab } from './commands-tab';
import { aCommand, aProduct, as, buyer, listOf } from './test/fixtures';

// One command in the tab's list: a deleted account's, and the ways to contact who ordered.

// Lists load through several renders; give slow shared machines time before failing.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

describe('the command item', () => {
  for (const [language, deleted] of [
    ['fr', 'Compte supprimé'],
    ['ar', 'حساب محذوف'],
  ] as const) {
    it(`shows a deleted account's command with "${deleted}", no profile link nor phone [${language}]`, async () => {
      fakeServer({
        ...as(aUser({ id: 8 })),
        'POST /commands/product/5': listOf([aCommand(1, { user_id: null, user: null })]),
      });
      renderWithApp(<CommandsTab product={aProduct()} />, { language });
      const item = await screen.findByRole('article', { name: new RegExp(deleted) });
      expect(within(item).getByText(deleted)).toBeInTheDocument();
      expect(item.querySelector('a[href^="/users/user/"]')).toBeNull();
      expect(within(item).queryByRole('button', { name: /22 33 44 55/ })).toBeNull();
    });
  }

  it('offers a call and a WhatsApp message to the person who ordered', async () => {
    fakeServer({
      ...as(buyer),
      'POST /commands/product/5': listOf([
        aCommand(1, { user: { ...aCommand(1).user!, whatsapp_number: '33445566' } }),
      ]),
    });
    renderWithApp(<CommandsTab product={aProduct()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Contacter le 22 33 44 55' }));
    expect(screen.getByRole('link', { name: /Appeler/ })).toHaveAttribute(
      'href',
      'tel:+22222334455',
    );
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/22233445566',
    );
  });
});

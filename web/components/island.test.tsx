import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerRenderProvider, type ServerRender } from '../lib/render-seed';
import { renderWithApp } from '../test/render';
import { Island, islandRunning } from './island';

function Counter({ start }: { start: number }) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {count}
    </button>
  );
}
const parts = { counter: Counter };
const server: ServerRender = { seed: 1, now: Date.now() };

/** The whole app's page around one island (or without it). */
function Page({ island = true }: { island?: boolean }) {
  return (
    <ServerRenderProvider value={server}>
      <main>
        {island && <Island of={parts} name="counter" className="actions" props={{ start: 2 }} />}
      </main>
    </ServerRenderProvider>
  );
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('Island', () => {
  it('renders its part inside the page’s element, named, with its props as JSON', () => {
    const { container } = renderWithApp(
      <Island of={parts} name="counter" className="actions" props={{ start: 2 }} />,
    );
    const element = container.querySelector('div.actions')!;
    expect(element).toHaveAttribute('data-island', 'counter');
    expect(JSON.parse(element.getAttribute('data-props')!)).toEqual({ start: 2 });
    expect(element).toContainElement(screen.getByRole('button', { name: '2' }));
  });

  it('keeps running inside the whole app that hydrates around it, until its element goes', async () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(<Page />);
    document.body.append(page);
    // The first view: the island alone, on a root of its own (web/islands.tsx).
    const element = page.querySelector<HTMLElement>('[data-island]')!;
    const props = JSON.parse(element.dataset.props!) as { start: number };
    const island = await act(async () => hydrateRoot(element, <Counter {...props} />));
    const unmount = vi.fn(() => island.unmount());
    islandRunning(element, unmount);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(screen.getByRole('button', { name: '3' })).toBeInTheDocument();

    // The whole app hydrates the page: the island's state stays, with no hydration error.
    const errors: unknown[] = [];
    const app = await act(async () =>
      hydrateRoot(page, <Page />, { onRecoverableError: (error) => errors.push(error) }),
    );
    roots.push(app);
    expect(errors).toEqual([]);
    expect(screen.getByRole('button', { name: '3' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getByRole('button', { name: '4' })).toBeInTheDocument();
    expect(unmount).not.toHaveBeenCalled();

    // The app leaves the page (another address): the island is unmounted with its element.
    await act(async () => app.render(<Page island={false} />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(unmount).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('takes the app’s newer props while it runs inside it (a list read again)', async () => {
    const shown = { said: Said };
    const page = document.createElement('div');
    const Saying = ({ text }: { text: string }) => (
      <ServerRenderProvider value={server}>
        <Island of={shown} name="said" props={{ text }} />
      </ServerRenderProvider>
    );
    page.innerHTML = renderToString(<Saying text="saved 1" />);
    document.body.append(page);
    const element = page.querySelector<HTMLElement>('[data-island]')!;
    const island = await act(async () => hydrateRoot(element, <Said text="saved 1" />));
    islandRunning(
      element,
      () => island.unmount(),
      (props) => island.render(<Said {...(props as { text: string })} />),
    );
    const app = await act(async () => hydrateRoot(page, <Saying text="saved 1" />));
    roots.push(app);
    expect(screen.getByText('saved 1')).toBeInTheDocument();

    await act(async () => app.render(<Saying text="saved 2" />));
    expect(screen.getByText('saved 2')).toBeInTheDocument();
    expect(JSON.parse(element.dataset.props!)).toEqual({ text: 'saved 2' });
  });
});

function Said({ text }: { text: string }) {
  return <p>{text}</p>;
}

// The boot script (server/plugins/page-boot.ts) preloads the offer's islands on a page with an
// island whose name does not start with `card-`: the cards' islands, and only they, are named so.
describe('island names', () => {
  it('names the cards’ islands card-…, and no other', async () => {
    const { cardIslands } = await import('../features/products/components/card-islands');
    const { offerIslands } = await import('../features/products/components/offer-islands');
    expect(Object.keys(cardIslands).every((name) => name.startsWith('card-'))).toBe(true);
    expect(Object.keys(offerIslands).some((name) => name.startsWith('card-'))).toBe(false);
  });
});

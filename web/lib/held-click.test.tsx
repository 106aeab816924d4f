import { act } from '@testing-library/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';
import { giveClickAgain, ownedByApp } from './held-click';

// A click held before the app ran is given again only to an element the app owns (web/islands.tsx).

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
});

/** The server's HTML of `server` in the page, hydrated as `client`. */
async function hydrated(server: ReactNode, client: ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(server);
  document.body.append(container);
  await act(async () => {
    roots.push(hydrateRoot(container, client));
  });
  return container;
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" className="counter" onClick={() => setCount(count + 1)}>
      {count}
    </button>
  );
}

/** A link the server shows in place of what only a browser shows (the shop map's still picture). */
function Still() {
  const hydrated = useHydrated();
  return hydrated ? <p className="map">map</p> : <a className="still">still</a>;
}

describe('a held click', () => {
  it('is given again to an element the app hydrated', async () => {
    const page = await hydrated(<Counter />, <Counter />);
    const button = page.querySelector<HTMLElement>('.counter')!;
    expect(ownedByApp(button)).toBe(true);
    await act(async () => {
      expect(await giveClickAgain(button)).toBe(true);
    });
    expect(page.querySelector('.counter')!.textContent).toBe('1');
  });

  it('is not given to an element the app replaced at its first render', async () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(<Still />);
    document.body.append(page);
    const still = page.querySelector<HTMLElement>('.still')!;
    let clicks = 0;
    still.addEventListener('click', () => (clicks += 1));
    await act(async () => {
      roots.push(hydrateRoot(page, <Still />));
    });
    expect(page.querySelector('.map')).not.toBeNull();
    expect(await giveClickAgain(still)).toBe(false);
    expect(clicks).toBe(0);
  });

  it('is not given to the server’s HTML of a part still waiting for its chunk', async () => {
    const Waiting = lazy(() => new Promise<{ default: typeof Counter }>(() => {}));
    const page = await hydrated(
      <main>
        <Suspense fallback={null}>
          <Counter />
        </Suspense>
      </main>,
      <main>
        <Suspense fallback={null}>
          <Waiting />
        </Suspense>
      </main>,
    );
    const button = page.querySelector<HTMLElement>('.counter')!;
    let clicks = 0;
    button.addEventListener('click', () => (clicks += 1));
    expect(ownedByApp(page.querySelector('main')!)).toBe(true);
    expect(ownedByApp(button)).toBe(false);
    expect(await giveClickAgain(button)).toBe(false);
    expect(clicks).toBe(0);
  });

  it('is not given to an element no longer in the page, nor to none', async () => {
    const page = await hydrated(<Counter />, <Counter />);
    const button = page.querySelector<HTMLElement>('.counter')!;
    page.remove();
    expect(await giveClickAgain(button)).toBe(false);
    expect(await giveClickAgain(null)).toBe(false);
  });
});

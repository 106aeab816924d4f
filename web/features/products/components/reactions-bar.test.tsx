import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { aCard, aUser, clientWith, deferred } from './product-fixtures.test-support';
import { applyReaction, ReactionsBar, type ReactionState } from './reactions-bar';

afterEach(() => vi.unstubAllGlobals());

const base: ReactionState = {
  like_count: 3,
  haha_count: 0,
  love_count: 1,
  wow_count: 0,
  sad_count: 0,
  angry_count: 0,
  reactions_count: 4,
  top: ['like', 'love'],
  reaction: null,
};

describe('applyReaction', () => {
  it('adds, takes back the same kind, and replaces with another', () => {
    const liked = applyReaction(base, 'like');
    expect(liked).toMatchObject({ like_count: 4, reactions_count: 5, reaction: 'like' });
    const back = applyReaction(liked, 'like');
    expect(back).toMatchObject({ like_count: 3, reactions_count: 4, reaction: null });
    const replaced = applyReaction(liked, 'wow');
    expect(replaced).toMatchObject({ like_count: 3, wow_count: 1, reactions_count: 5 });
    expect(replaced.reaction).toBe('wow');
  });

  it('keeps the top three by count, ties in SPEC order, none with zero', () => {
    const state = { ...base, haha_count: 1, sad_count: 1 };
    expect(applyReaction(state, 'angry').top).toEqual(['like', 'haha', 'love']);
    expect(
      applyReaction({ ...base, like_count: 0, love_count: 0, reactions_count: 0, top: [] }, 'sad')
        .top,
    ).toEqual(['sad']);
  });
});

function reactionable(overrides: Partial<ReactionState>) {
  return { reactionable: { id: 42, type: 'product', ...base, ...overrides } };
}

function stubPost(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    void url;
    void init;
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderBar(
  reaction: ReactionState['reaction'] = null,
  counts: Partial<ReactionState> = {},
) {
  const card = aCard({ ...base, ...counts, reaction });
  return renderWithApp(<ReactionsBar type="product" id={42} counts={card} reaction={reaction} />, {
    queryClient: clientWith(aUser()),
  });
}

describe('ReactionsBar', () => {
  it('shows the top three kinds and the total', () => {
    renderBar(null, {
      haha_count: 2,
      wow_count: 1,
      reactions_count: 7,
      top: ['like', 'haha', 'love'],
    });
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText(/J’aime 3, Haha 2, J’adore 1, 7 réactions/)).toBeInTheDocument();
  });

  it('picks a kind: shown at once, then confirmed by the server', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const fetchMock = stubPost(() => answer.promise);
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Réagir' }));
    await user.click(screen.getByRole('button', { name: 'J’adore' }));
    // Optimistic: love is mine, the total is 5 before the server answers.
    expect(screen.getByRole('button', { name: 'Réagir (J’adore)' })).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/reactions/create/product/42');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ name: 'love' });
    answer.resolve(json(reactionable({ love_count: 2, reactions_count: 5, reaction: 'love' })));
    await waitFor(() => expect(screen.getByText('5')).toBeInTheDocument());
  });

  it('takes back the same kind', async () => {
    const user = userEvent.setup();
    const fetchMock = stubPost(async () => json(reactionable({ like_count: 3, reaction: null })));
    renderBar('like', { like_count: 4, reactions_count: 5 });
    await user.click(screen.getByRole('button', { name: 'Réagir (J’aime)' }));
    const mine = screen.getByRole('button', { name: 'Retirer ma réaction' });
    expect(mine).toHaveAttribute('aria-pressed', 'true');
    await user.click(mine);
    expect(JSON.parse(fetchMock.mock.calls[0][1].body as string)).toEqual({ name: 'like' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Réagir' })).toBeInTheDocument());
    expect(screen.getByText('4')).toBeInTheDocument();
  });

  it('replaces one kind with another', async () => {
    const user = userEvent.setup();
    stubPost(async () =>
      json(reactionable({ like_count: 3, wow_count: 1, reactions_count: 5, reaction: 'wow' })),
    );
    renderBar('like', { like_count: 4, reactions_count: 5 });
    await user.click(screen.getByRole('button', { name: 'Réagir (J’aime)' }));
    await user.click(screen.getByRole('button', { name: 'Waouh' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Réagir (Waouh)' })).toBeInTheDocument(),
    );
    expect(screen.getByText('5')).toBeInTheDocument();
  });

  it('rolls back when the server refuses', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    stubPost(() => answer.promise);
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Réagir' }));
    await user.click(screen.getByRole('button', { name: 'Haha' }));
    expect(screen.getByRole('button', { name: 'Réagir (Haha)' })).toBeInTheDocument();
    answer.resolve(json({ errors: { global: ['server_error'] } }, 500));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Réagir' })).toBeInTheDocument());
    expect(screen.getByText('4')).toBeInTheDocument();
  });

  it('sends an anonymous visitor to sign in, and back here afterwards', async () => {
    const user = userEvent.setup();
    const fetchMock = stubPost(async () => json({}));
    renderWithApp(
      <Routes>
        <Route
          path="/products/product/42"
          element={<ReactionsBar type="product" id={42} counts={base} reaction={null} />}
        />
        <Route path="/login" element={<p>page de connexion</p>} />
      </Routes>,
      { queryClient: clientWith(null), path: '/products/product/42' },
    );
    await user.click(screen.getByRole('button', { name: 'Connectez-vous pour réagir' }));
    expect(screen.getByText('page de connexion')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks Arabic', () => {
    renderWithApp(<ReactionsBar type="comment" id={1} counts={base} reaction="love" />, {
      queryClient: clientWith(aUser()),
      language: 'ar',
    });
    expect(screen.getByRole('button', { name: 'تفاعل (أحببته)' })).toBeInTheDocument();
  });

  it('lists the kinds with the Arabic comma in Arabic (issue 35 item 17)', () => {
    renderWithApp(
      <ReactionsBar
        type="product"
        id={42}
        counts={aCard({ ...base, like_count: 1, love_count: 0, reactions_count: 1, top: ['like'] })}
        reaction={null}
      />,
      { queryClient: clientWith(aUser()), language: 'ar' },
    );
    expect(screen.getByText('أعجبني 1، تفاعل واحد')).toBeInTheDocument();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../shared/schemas/comments';
import { renderWithApp } from '../../test/render';
import { aUser, fakeServer, type Handler } from '../../test/render-app';
import { CommentsTab } from './comments-tab';

// Lists load through several renders; give slow shared machines time before failing.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

const me = aUser({ id: 7 });
const signedIn = { 'GET /users/me': () => ({ status: 200, body: { user: me } }) };

function aComment(id: number, overrides: Partial<Comment> = {}): Comment {
  const at = `2026-03-01T10:${String(id).padStart(2, '0')}:00.000Z`;
  return {
    id,
    user_id: 20,
    user: {
      id: 20,
      first_name: 'Sidi',
      last_name: 'Ould Ely',
      photo: null,
      photo_url: null,
      photo_small_url: null,
    },
    text: `Message ${id}`,
    created_at: at,
    updated_at: at,
    comments_count: 0,
    depth: 1,
    commentable_type: 'product',
    commentable_id: 5,
    product_id: 5,
    command_id: null,
    parent_id: null,
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

/** A list answering as the server does: newest first, `limit` from `offset`. */
function listOf(comments: Comment[]): Handler {
  const newestFirst = [...comments].sort((a, b) => b.id - a.id);
  return (body) => {
    const { limit, offset } = body as { limit: number; offset: number };
    return {
      status: 200,
      body: { comments: newestFirst.slice(offset, offset + limit), total: comments.length },
    };
  };
}

const texts = () =>
  Array.from(document.querySelectorAll('.comments-list--depth-1 > ol > li > .comment')).map(
    (article) => article.querySelector(':scope > .comment__main .comment__text')?.textContent,
  );

describe('the comments tab', () => {
  for (const [language, deleted] of [
    ['fr', 'Compte supprimé'],
    ['ar', 'حساب محذوف'],
  ] as const) {
    it(`shows a deleted account's comment with "${deleted}" and no profile link [${language}]`, async () => {
      fakeServer({
        ...signedIn,
        'POST /comments/product/5': listOf([aComment(1, { user_id: null, user: null })]),
      });
      renderWithApp(<CommentsTab productId={5} />, { language });
      const item = await screen.findByRole('article', { name: new RegExp(deleted) });
      expect(within(item).getByText(deleted)).toBeInTheDocument();
      expect(within(item).getByText('Message 1')).toBeInTheDocument();
      expect(item.querySelector('a[href^="/users/user/"]')).toBeNull();
    });
  }

  it('loads three at a time and places each older batch above, with (loaded of total)', async () => {
    const all = [1, 2, 3, 4, 5].map((id) => aComment(id));
    const { calls } = fakeServer({ ...signedIn, 'POST /comments/product/5': listOf(all) });
    renderWithApp(<CommentsTab productId={5} />);
    await waitFor(() => expect(texts()).toEqual(['Message 3', 'Message 4', 'Message 5']));
    expect(screen.getByText('(3 sur 5)')).toBeInTheDocument();
    expect(screen.getByText('5 commentaires')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Voir les commentaires précédents' }));
    await waitFor(() =>
      expect(texts()).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']),
    );
    expect(screen.queryByRole('button', { name: /précédents/ })).not.toBeInTheDocument();
    const pages = calls.filter((call) => call.url === '/comments/product/5').map((c) => c.body);
    expect(pages).toEqual([
      { limit: 3, offset: 0 },
      { limit: 3, offset: 3 },
    ]);
  });

  it('says so when there is nothing yet, and asks a visitor to sign in instead of a box', async () => {
    fakeServer({
      'GET /users/me': () => ({ status: 200, body: { user: null } }),
      'POST /comments/product/5': listOf([]),
    });
    renderWithApp(<CommentsTab productId={5} />, { path: '/comments/comment/9/3' });
    expect(await screen.findByText(/Aucun commentaire/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connectez-vous pour commenter' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcomments%2Fcomment%2F9%2F3',
    );
  });

  it('sends nothing for an empty text, and adds a comment at the end', async () => {
    const created = aComment(9, { user_id: 7, text: 'Toujours disponible ?' });
    const { calls } = fakeServer({
      ...signedIn,
      'POST /comments/product/5': listOf([aComment(1)]),
      'POST /comments/create/product/5': () => ({ status: 201, body: { comment: created } }),
    });
    renderWithApp(<CommentsTab productId={5} />);
    const box = await screen.findByRole('textbox', { name: 'Écrire un commentaire…' });
    const send = screen.getByRole('button', { name: 'Envoyer' });
    await userEvent.type(box, '   ');
    expect(send).toBeDisabled();
    await userEvent.type(box, '{Control>}{Enter}{/Control}');
    expect(calls.some((call) => call.url.startsWith('/comments/create'))).toBe(false);

    await userEvent.clear(box);
    await userEvent.type(box, ' Toujours disponible ? ');
    await userEvent.click(send);
    await waitFor(() => expect(texts()).toEqual(['Message 1', 'Toujours disponible ?']));
    expect(calls.find((call) => call.url === '/comments/create/product/5')?.body).toEqual({
      text: 'Toujours disponible ?',
    });
    expect(box).toHaveValue('');
    expect(screen.getByText('2 commentaires')).toBeInTheDocument();
  });

  it('nests replies to the third level; a reply there opens the parent’s box instead', async () => {
    const top = aComment(1, { comments_count: 1 });
    const second = aComment(2, {
      depth: 2,
      comments_count: 1,
      commentable_type: 'comment',
      commentable_id: 1,
      parent_id: 1,
    });
    const third = aComment(3, {
      depth: 3,
      commentable_type: 'comment',
      commentable_id: 2,
      parent_id: 2,
    });
    const { calls } = fakeServer({
      ...signedIn,
      'POST /comments/product/5': listOf([top]),
      'POST /comments/comment/1': listOf([second]),
      'POST /comments/comment/2': listOf([third]),
    });
    renderWithApp(<CommentsTab productId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Voir la réponse' }));
    await screen.findByText('Message 2');
    // 'Reply' on the second level opens the third level with its box, focused.
    const replyButtons = () => screen.getAllByRole('button', { name: 'Répondre' });
    await userEvent.click(replyButtons()[1]);
    await screen.findByText('Message 3');
    const thirdBox = document.querySelector(
      '.comments-list--depth-3 > .comment-input textarea',
    ) as HTMLTextAreaElement;
    expect(thirdBox).toHaveFocus();
    thirdBox.blur();

    // 'Reply' on the third level: no fourth level, the third level's box takes the focus.
    await userEvent.click(replyButtons()[2]);
    expect(document.querySelector('.comments-list--depth-4')).toBeNull();
    expect(thirdBox).toHaveFocus();
    expect(calls.some((call) => call.url === '/comments/comment/3')).toBe(false);
  });

  it('edits in place; an empty text is refused as SPEC’s “field text bad input”', async () => {
    const mine = aComment(1, { user_id: 7, user: { ...aComment(1).user!, id: 7 } });
    const { calls } = fakeServer({
      ...signedIn,
      'POST /comments/product/5': listOf([mine]),
      'PUT /comments/1': (body) => ({
        status: 200,
        body: {
          comment: {
            ...mine,
            text: (body as { text: string }).text,
            updated_at: '2026-03-01T11:00:00.000Z',
          },
        },
      }),
    });
    renderWithApp(<CommentsTab productId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Options du commentaire' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Modifier le commentaire' }));
    const box = screen.getByRole('textbox', { name: 'Modifier le commentaire' });
    await userEvent.clear(box);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Le champ « texte » est incorrect')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.type(box, 'Prix négociable ?');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Prix négociable ?')).toBeInTheDocument();
    expect(screen.getByText('modifié')).toBeInTheDocument();
  });

  it('deletes after confirmation: the item goes, the count drops, and it disappears shortly after', async () => {
    const mine = aComment(2, { user_id: 7 });
    fakeServer({
      ...signedIn,
      'POST /comments/product/5': listOf([aComment(1), mine]),
      'DELETE /comments/2': () => ({ status: 204 }),
    });
    renderWithApp(<CommentsTab productId={5} />);
    expect(await screen.findByText('2 commentaires')).toBeInTheDocument();
    // Issue 19: another's comment has a menu to report it, with no edit or delete.
    const menus = screen.getAllByRole('button', { name: 'Options du commentaire' });
    expect(menus).toHaveLength(2);
    await userEvent.click(menus[0]);
    expect(screen.getByRole('menuitem', { name: 'Signaler' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Supprimer le commentaire' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    // The author's own: edit and delete, no report.
    await userEvent.click(menus[1]);
    expect(screen.queryByRole('menuitem', { name: 'Signaler' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Supprimer le commentaire' }));
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('Commentaire supprimé')).toBeInTheDocument();
    expect(screen.getByText('1 commentaire')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Commentaire supprimé')).toBeNull(), {
      timeout: 3000,
    });
    expect(texts()).toEqual(['Message 1']);
  });

  it('stops the loading of a failed delete without a message (SPEC §8)', async () => {
    const mine = aComment(2, { user_id: 7 });
    fakeServer({
      ...signedIn,
      'POST /comments/product/5': listOf([mine]),
      'DELETE /comments/2': () => ({ status: 500 }),
    });
    renderWithApp(<CommentsTab productId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Options du commentaire' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Supprimer le commentaire' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Oui' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(texts()).toEqual(['Message 2']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reacts to a comment (type comment) and keeps the new counts', async () => {
    const { calls } = fakeServer({
      ...signedIn,
      'POST /comments/product/5': listOf([aComment(1)]),
      'POST /reactions/create/comment/1': () => ({
        status: 200,
        body: {
          reactionable: {
            id: 1,
            type: 'comment',
            like_count: 0,
            haha_count: 0,
            love_count: 1,
            wow_count: 0,
            sad_count: 0,
            angry_count: 0,
            reactions_count: 1,
            top: ['love'],
            reaction: 'love',
          },
        },
      }),
    });
    const { queryClient } = renderWithApp(<CommentsTab productId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Réagir' }));
    await userEvent.click(screen.getByRole('button', { name: 'J’adore' }));
    await waitFor(() =>
      expect(queryClient.getQueryData<Comment>(['comments', 'item', 1])?.love_count).toBe(1),
    );
    expect(calls.find((call) => call.url === '/reactions/create/comment/1')?.body).toEqual({
      name: 'love',
    });
    expect(queryClient.getQueryData<Comment>(['comments', 'item', 1])?.reaction).toBe('love');
    expect(screen.getByText(/1 réaction/)).toBeInTheDocument();
  });
});

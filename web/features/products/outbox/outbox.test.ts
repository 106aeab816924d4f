import { describe, expect, it } from 'vitest';
import { aProduct } from '../../../test/products';
import { HttpError } from '../../../lib/http';
import { createOutbox, formDataOf, memoryStore, type PendingPost, type SendPost } from './outbox';

const photo = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
const post = (userId: number, title: string) => ({
  userId,
  type: 'offer' as const,
  fields: [
    ['name', title],
    ['price', '1000'],
  ] as [string, string][],
  files: [{ name: 'a.jpg', blob: photo() }],
  title,
});
// Fixed dates: the same id must give the same offer (the factory's default dates follow the clock).
const AT = '2026-03-01T10:00:00.000Z';
const product = (id: number) => aProduct({ id, created_at: AT, updated_at: AT });
const networkDown = () => Promise.reject(new HttpError(0, { global: ['network_error'] }));

function setup() {
  const store = memoryStore();
  return { store, outbox: createOutbox(() => store) };
}

describe('the outbox of offers posted offline', () => {
  it('keeps a post with its photos in the store, waiting', async () => {
    const { store, outbox } = setup();
    const kept = await outbox.add(post(1, 'Toyota'));
    const [stored] = await store.all();
    expect(stored).toMatchObject({ id: kept.id, status: 'waiting', title: 'Toyota', userId: 1 });
    expect(stored.files[0].name).toBe('a.jpg');
    expect(outbox.getState().posts.map((p) => p.id)).toEqual([kept.id]);
  });

  it('rebuilds the multipart body the form would have sent, photos included', async () => {
    const { outbox } = setup();
    const form = formDataOf(await outbox.add(post(1, 'Toyota')));
    expect(form.get('name')).toBe('Toyota');
    expect(form.get('price')).toBe('1000');
    const file = form.get('files') as File;
    expect(file.name).toBe('a.jpg');
    expect(file.size).toBe(3);
  });

  it('sends waiting posts oldest first once the network is back, then forgets them', async () => {
    const { store, outbox } = setup();
    const first = await outbox.add(post(1, 'first'));
    await new Promise((r) => setTimeout(r, 2));
    const second = await outbox.add(post(1, 'second'));
    const sent: string[] = [];
    await outbox.flush(1, async (p) => {
      sent.push(p.title);
      return product(sent.length);
    });
    expect(sent).toEqual(['first', 'second']);
    expect(await store.all()).toEqual([]);
    expect(outbox.getState().sent).toEqual([
      { id: first.id, title: 'first', product: product(1) },
      { id: second.id, title: 'second', product: product(2) },
    ]);
  });

  it('keeps everything while the network is still down, and stops at the first failure', async () => {
    const { store, outbox } = setup();
    await outbox.add(post(1, 'first'));
    await outbox.add(post(1, 'second'));
    let calls = 0;
    await outbox.flush(1, () => {
      calls += 1;
      return networkDown();
    });
    expect(calls).toBe(1);
    expect((await store.all()).map((p) => p.status)).toEqual(['waiting', 'waiting']);
    // A server error (5xx) is not the post's fault either: it waits for the next chance.
    await outbox.flush(1, () => Promise.reject(new HttpError(503, { global: ['server_error'] })));
    expect((await store.all()).map((p) => p.status)).toEqual(['waiting', 'waiting']);
  });

  it('marks a refused post (4xx) as failed with the reasons, and never sends it again', async () => {
    const { store, outbox } = setup();
    await outbox.add(post(1, 'too many'));
    const refusal = { global: ['daily_offer_limit'] };
    await outbox.flush(1, () => Promise.reject(new HttpError(422, refusal)));
    const [failed] = await store.all();
    expect(failed).toMatchObject({ status: 'failed', errors: refusal });
    let calls = 0;
    const send: SendPost = async () => {
      calls += 1;
      return product(1);
    };
    await outbox.flush(1, send);
    expect(calls).toBe(0);
    await outbox.dismiss(failed.id);
    expect(await store.all()).toEqual([]);
    expect(outbox.getState().posts).toEqual([]);
  });

  it("sends only the signed-in user's posts", async () => {
    const { store, outbox } = setup();
    await outbox.add(post(1, 'mine'));
    await outbox.add(post(2, 'theirs'));
    const sent: PendingPost[] = [];
    await outbox.flush(2, async (p) => {
      sent.push(p);
      return product(9);
    });
    expect(sent.map((p) => p.title)).toEqual(['theirs']);
    expect((await store.all()).map((p) => p.title)).toEqual(['mine']);
  });

  it('sends each post once when flushes overlap (online event and app start together)', async () => {
    const { outbox } = setup();
    await outbox.add(post(1, 'once'));
    let calls = 0;
    const send: SendPost = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 5));
      return product(1);
    };
    await Promise.all([outbox.flush(1, send), outbox.flush(1, send), outbox.flush(1, send)]);
    expect(calls).toBe(1);
  });

  it('finds the posts kept by an earlier visit (next app start)', async () => {
    const store = memoryStore();
    await createOutbox(() => store).add(post(1, 'yesterday'));
    const restarted = createOutbox(() => store);
    const sent: string[] = [];
    await restarted.flush(1, async (p) => {
      sent.push(p.title);
      return product(3);
    });
    expect(sent).toEqual(['yesterday']);
  });

  it('tells its subscribers about every change', async () => {
    const { outbox } = setup();
    let changes = 0;
    const stop = outbox.subscribe(() => (changes += 1));
    await outbox.add(post(1, 'x'));
    expect(changes).toBeGreaterThan(0);
    stop();
    const before = changes;
    await outbox.add(post(1, 'y'));
    expect(changes).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACTION_KINDS } from '../shared/constants';
import { signUpMany, type Client } from './support/client';
import { deploy, engines, type Deployment } from './support/engines';
import { counterDrift } from './support/invariants';
import { errorLines } from './support/server';
import {
  countableSubcategory,
  inParallel,
  loadAverage,
  Outcomes,
  pick,
  postOffer,
  SHORT,
  shuffle,
} from './support/world';

// Concurrent bursts of everything that moves a counter, from many users at once through a real
// server; then every counter column must equal the count of its rows (support/invariants.ts).

const USERS = 50;
const SELLERS = SHORT ? 3 : 5;
const ROUNDS = SHORT ? 2 : 10;
/** Units per offer: few enough that the sellers' marking sold runs out of some. */
const UNITS = 12;

const OK = [200];
const CREATED = [201];

describe.each(engines)('counters under concurrent bursts [%s]', (engine) => {
  let deployment: Deployment;
  beforeAll(async () => {
    deployment = await deploy(engine);
  });
  afterAll(() => deployment?.cleanup());

  it('every counter equals the count of its rows', async () => {
    const { base } = deployment.server;
    const sellers = await signUpMany(base, SELLERS, 'Seller');
    const buyers = await signUpMany(base, USERS, 'Buyer');
    const sub = await countableSubcategory(sellers[0]);
    const offers: { id: number; seller: Client }[] = [];
    for (const seller of sellers) {
      for (let i = 0; i < 2; i++) offers.push({ id: await postOffer(seller, sub, UNITS), seller });
    }
    const out = new Outcomes();
    const comments: { id: number; author: Client }[] = [];
    const commands: { id: number; author: Client; seller: Client }[] = [];
    const started = Date.now();

    // Burst 1: every buyer at once, round after round: saves, reports, reactions, comments and
    // commands on random offers.
    await Promise.all(
      buyers.map(async (buyer) => {
        for (let round = 0; round < ROUNDS; round++) {
          const offer = pick(offers);
          const id = offer.id;
          const [, , , comment] = await Promise.all([
            out.record(
              'save',
              buyer.get(`/products/favorite/${pick(['add', 'remove'])}/${id}`),
              OK,
            ),
            out.record(
              'report',
              buyer.get(`/products/report/${pick(['add', 'add', 'remove'])}/${id}`),
              OK,
            ),
            out.record(
              'react product',
              buyer.post(`/reactions/create/product/${id}`, { name: pick(REACTION_KINDS) }),
              OK,
            ),
            out.record(
              'comment',
              buyer.post(`/comments/create/product/${id}`, { text: `round ${round}` }),
              CREATED,
            ),
          ]);
          if (comment.status === 201) comments.push({ id: comment.body.comment.id, author: buyer });
          // An offer sold out by now refuses more than it has left (422).
          const command = await out.record(
            'command',
            buyer.post(`/commands/create/product/${id}`, { number: 1 + (round % 3) }),
            [201, 422],
          );
          if (command.status === 201) {
            commands.push({ id: command.body.command.id, author: buyer, seller: offer.seller });
          }
        }
      }),
    );

    // Burst 2, everyone at once (each person a few requests at a time): sellers mark commands
    // sold (each twice, racing itself) while buyers withdraw some of theirs, delete some of their
    // comments, react to comments and commands and reply.
    const gone = [404];
    const sellerWork = sellers.map((seller) =>
      commands
        .filter((c) => c.seller === seller)
        .map(
          (c) => () =>
            Promise.all([
              out.record('sold', seller.get(`/commands/sold/${c.id}`), [200, 422, 404]),
              out.record('sold', seller.get(`/commands/sold/${c.id}`), [200, 422, 404]),
            ]),
        ),
    );
    const buyerWork = buyers.map((buyer) => [
      ...commands
        .filter((c, i) => c.author === buyer && i % 4 === 0)
        .map(
          (c) => () => out.record('withdraw', buyer.delete(`/commands/${c.id}`), [204, 422, 404]),
        ),
      ...comments
        .filter((c, i) => c.author === buyer && i % 5 === 0)
        .map(
          (c) => () => out.record('delete comment', buyer.delete(`/comments/${c.id}`), [204, 404]),
        ),
      ...Array.from({ length: ROUNDS }, () => () => {
        const comment = pick(comments);
        const command = pick(commands);
        return Promise.all([
          out.record(
            'react comment',
            buyer.post(`/reactions/create/comment/${comment.id}`, { name: pick(REACTION_KINDS) }),
            [...OK, ...gone],
          ),
          // 422: a reply deeper than the thread allows.
          out.record(
            'reply',
            buyer.post(`/comments/create/comment/${comment.id}`, { text: 'a reply' }),
            [...CREATED, ...gone, 422],
          ),
          out.record(
            'react command',
            command.author.post(`/reactions/create/command/${command.id}`, {
              name: pick(REACTION_KINDS),
            }),
            [...OK, ...gone],
          ),
          out.record(
            'comment command',
            command.author.post(`/comments/create/command/${command.id}`, {
              text: 'when can I come?',
            }),
            [...CREATED, ...gone],
          ),
        ]);
      }),
    ]);
    const everyone: (() => Promise<unknown>)[][] = [...sellerWork, ...buyerWork];
    await Promise.all(everyone.map((work) => inParallel(shuffle(work), 2)));
    const seconds = (Date.now() - started) / 1000;

    expect(await deployment.server.stop()).toBe(0);
    const { drift, checked } = await deployment.withQuery(counterDrift);
    console.info(
      `counters [${engine}]: ${out.summary()}\n  ${checked} counters checked in ${seconds.toFixed(1)} s, slowest reply ${out.slowest} ms, load ${loadAverage()}`,
    );
    expect(out.unexpected).toEqual([]);
    expect(errorLines(deployment.server.output())).toEqual([]);
    expect(drift).toEqual([]);
    // The bursts did what they were meant to: sales, and sold-out refusals.
    expect(out.seen.get('sold 200')).toBeGreaterThan(0);
    expect(checked).toBeGreaterThan(offers.length * 10);
  });
});

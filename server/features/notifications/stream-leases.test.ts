import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import {
  acquireLease,
  countLeases,
  LEASE_MS,
  pruneExpiredLeases,
  releaseLease,
  renewLeases,
} from './stream-leases';

// The stream slots every process shares (issue 18, migration 019): at most `slots` live leases per
// user whatever the holder; a holder's renewal keeps its leases, a dead holder's run out; two
// processes racing for the last slot cannot both get it.

describeEachEngine('stream leases', (ctx) => {
  const db = () => ctx().app.db;
  const T = 1_700_000_000_000;

  it('gives at most `slots` leases to one user across holders, and frees released ones', async () => {
    const { user } = await ctx().userClient();
    const a1 = await acquireLease(db(), { userId: user.id, holder: 'A', slots: 3, now: T });
    const b1 = await acquireLease(db(), { userId: user.id, holder: 'B', slots: 3, now: T });
    const a2 = await acquireLease(db(), { userId: user.id, holder: 'A', slots: 3, now: T });
    expect([a1?.slot, b1?.slot, a2?.slot].sort()).toEqual([0, 1, 2]);
    expect(await acquireLease(db(), { userId: user.id, holder: 'B', slots: 3, now: T })).toBeNull();
    expect(await countLeases(db(), user.id, T)).toBe(3);

    // Another user is not counted with this one.
    const other = await ctx().userClient();
    expect(
      await acquireLease(db(), { userId: other.user.id, holder: 'B', slots: 3, now: T }),
    ).not.toBeNull();

    await releaseLease(db(), b1!);
    const b2 = await acquireLease(db(), { userId: user.id, holder: 'B', slots: 3, now: T });
    expect(b2?.slot).toBe(b1!.slot);
    // Releasing the old stream again does not free the slot its successor holds.
    await releaseLease(db(), b1!);
    expect(await countLeases(db(), user.id, T)).toBe(3);
  });

  it("a dead holder's leases run out; a living holder's are renewed", async () => {
    const { user } = await ctx().userClient();
    for (const holder of ['dead', 'dead', 'alive']) {
      expect(
        await acquireLease(db(), { userId: user.id, holder, slots: 3, now: T }),
      ).not.toBeNull();
    }
    const later = T + LEASE_MS - 1;
    expect(await renewLeases(db(), 'alive', { now: later })).toBe(1);
    expect(
      await acquireLease(db(), { userId: user.id, holder: 'X', slots: 3, now: later }),
    ).toBeNull();
    // Once the dead process's leases have run out, their two slots are free; the living one's is not.
    const expired = T + LEASE_MS;
    expect(await countLeases(db(), user.id, expired)).toBe(1);
    const x1 = await acquireLease(db(), { userId: user.id, holder: 'X', slots: 3, now: expired });
    const x2 = await acquireLease(db(), { userId: user.id, holder: 'X', slots: 3, now: expired });
    expect(x1).not.toBeNull();
    expect(x2).not.toBeNull();
    expect(
      await acquireLease(db(), { userId: user.id, holder: 'X', slots: 3, now: expired }),
    ).toBeNull();
  });

  it('housekeeping drops the leases that ran out, and only those', async () => {
    const { user } = await ctx().userClient();
    // 'old' runs out at T - 1 s; 'new', taken at T - 2 s (beside it), lives on past T.
    await acquireLease(db(), {
      userId: user.id,
      holder: 'old',
      slots: 3,
      now: T - LEASE_MS - 1_000,
    });
    await acquireLease(db(), { userId: user.id, holder: 'new', slots: 3, now: T - 2_000 });
    expect(await pruneExpiredLeases(db(), T)).toBeGreaterThanOrEqual(1);
    const left = await db()
      .selectFrom('stream_leases')
      .select('holder')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([{ holder: 'new' }]);
  });

  it('parallel requests for the slots never give more than `slots`', async () => {
    const { user } = await ctx().userClient();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        acquireLease(db(), { userId: user.id, holder: `P${i % 3}`, slots: 3, now: T }),
      ),
    );
    const granted = results.filter((r) => r !== null);
    expect(granted).toHaveLength(3);
    expect(granted.map((r) => r!.slot).sort()).toEqual([0, 1, 2]);
    expect(await countLeases(db(), user.id, T)).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import {
  autoHideVerdict,
  autoHideWeight,
  distinctTrustedReporters,
  hasSellerHistory,
  type WeighedReporter,
} from './report-weight';

const at = new Date('2026-06-01T12:00:00Z');
const daysAgo = (n: number) => new Date(at.getTime() - n * 86_400_000).toISOString();
let ids = 0;
const reporter = (over: Partial<WeighedReporter> = {}): WeighedReporter => ({
  user_id: ++ids,
  created_at: daysAgo(30),
  upheld: 0,
  dismissed: 0,
  phone_verified_at: null,
  addresses: [`10.0.0.${ids}`],
  ...over,
});

describe('report weight (issue 29 item 4)', () => {
  it('gives nothing to accounts younger than three days, whatever their record', () => {
    const farmed = {
      created_at: daysAgo(0),
      upheld: 2,
      dismissed: 0,
      phone_verified_at: daysAgo(0),
    };
    expect(autoHideWeight(farmed, at)).toBe(0);
    expect(autoHideWeight({ ...farmed, created_at: daysAgo(3) }, at)).toBeGreaterThanOrEqual(1);
    expect(autoHideWeight({ ...farmed, created_at: daysAgo(3), upheld: 0 }, at)).toBeLessThan(1);
    expect(
      autoHideWeight({ ...farmed, created_at: daysAgo(30), upheld: 0 }, at),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts reporters linked by an address once, through chains too', () => {
    const a = reporter({ addresses: ['1.1.1.1'] });
    const b = reporter({ addresses: ['1.1.1.1', '2.2.2.2'] });
    const c = reporter({ addresses: ['2.2.2.2'] });
    const d = reporter();
    const e = reporter({ addresses: [] });
    expect(distinctTrustedReporters([a, b, c], at)).toBe(1);
    expect(distinctTrustedReporters([a, b, c, d, e], at)).toBe(3);
    // The untrusted do not count (nor link others).
    expect(distinctTrustedReporters([reporter({ created_at: daysAgo(1) }), d], at)).toBe(1);
  });

  it('hides, asks a moderator first for a seller with history, or does nothing yet', () => {
    const three = [reporter(), reporter(), reporter()];
    const newSeller = { created_at: daysAgo(2), offers: 10 };
    const established = { created_at: daysAgo(60), offers: 3 };
    expect(hasSellerHistory(newSeller, at)).toBe(false);
    expect(hasSellerHistory({ created_at: daysAgo(60), offers: 2 }, at)).toBe(false);
    expect(hasSellerHistory(established, at)).toBe(true);
    expect(autoHideVerdict(three, newSeller, at)).toBe('hide');
    expect(autoHideVerdict(three, null, at)).toBe('hide');
    expect(autoHideVerdict(three, established, at)).toBe('review');
    expect(autoHideVerdict(three.slice(0, 2), newSeller, at)).toBe('none');
  });
});

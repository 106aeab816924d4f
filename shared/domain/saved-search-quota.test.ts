import { describe, expect, it } from 'vitest';
import { savedSearchQuota } from './saved-search-quota';
import { SAVED_SEARCHES_MAX_NEW_ACCOUNT, SAVED_SEARCHES_MAX_PER_USER } from '../constants';

describe('savedSearchQuota', () => {
  it('gives new accounts fewer saved searches than established ones', () => {
    expect(savedSearchQuota({ accountAgeDays: 0 })).toBe(SAVED_SEARCHES_MAX_NEW_ACCOUNT);
    expect(savedSearchQuota({ accountAgeDays: 6 })).toBe(SAVED_SEARCHES_MAX_NEW_ACCOUNT);
    expect(savedSearchQuota({ accountAgeDays: 7 })).toBe(SAVED_SEARCHES_MAX_PER_USER);
    expect(SAVED_SEARCHES_MAX_NEW_ACCOUNT).toBeLessThan(SAVED_SEARCHES_MAX_PER_USER);
  });
});

import { SAVED_SEARCHES_MAX_NEW_ACCOUNT, SAVED_SEARCHES_MAX_PER_USER } from '../constants';
import { NEW_ACCOUNT_DAYS } from './account-trust';

// Issue 29 item 3: how many saved searches an account may keep. Each one is a row every new offer
// is tested against; throwaway accounts made by the hundred get few (docs/searches.md).

export function savedSearchQuota(account: { accountAgeDays: number }): number {
  return account.accountAgeDays >= NEW_ACCOUNT_DAYS
    ? SAVED_SEARCHES_MAX_PER_USER
    : SAVED_SEARCHES_MAX_NEW_ACCOUNT;
}

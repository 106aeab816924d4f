import { describe, expect, it } from 'vitest';
import { toNotificationData } from './notifications.mapper';

// A notification's stored data as the API gives it (a pure function: no database).

describe('toNotificationData', () => {
  it('every SPEC §3 key, null when absent or malformed', () => {
    const empty = {
      user_id: null,
      user_first_name: null,
      user_last_name: null,
      user_photo: null,
      commentable_type: null,
      commentable_id: null,
      reactionable_type: null,
      reactionable_id: null,
      reaction: null,
      product_id: null,
      type: null,
      product_name: null,
      product_name_ar: null,
      product_name_fr: null,
      comment_id: null,
      command_id: null,
      search_id: null,
      search_name: null,
      count: null,
      shop_id: null,
      shop_name: null,
      stars: null,
    };
    expect(toNotificationData('not json')).toEqual(empty);
    expect(toNotificationData('[1,2]')).toEqual(empty);
    expect(
      toNotificationData(
        JSON.stringify({ product_id: 'seven', type: 'gift', reaction: 'love', extra: 1 }),
      ),
    ).toEqual({ ...empty, reaction: 'love' });
  });
});

import { expect, it } from 'vitest';
import { USER_RATE_LIMITS } from '../../shared/constants';
import { describeEachEngine } from '../test/harness';
import { sendForm } from '../features/shops/images.fixtures';
import * as files from './test-files';
import { convertImage, MAX_ANIMATED_PIXELS } from './pipeline';
import sharp from 'sharp';

// Issue 29 item 8: one account stalled everyone's uploads (profile photos had no per-user limit;
// four 99-frame GIFs at a time). Every upload route counts a form with files per user, and a long
// animation keeps its first frame only.

describeEachEngine('uploads: per-user limit', (ctx) => {
  it('refuses a user’s uploads past the limit, on the profile photo as on offers', async () => {
    const { client, user } = await ctx().userClient();
    const photo = await files.png(40, 40);
    const { limit } = USER_RATE_LIMITS.upload;
    for (let i = 0; i < limit; i += 1) {
      const res = await sendForm(client, 'PUT', `/users/${user.id}`, {}, [
        { field: 'photo', name: 'me.png', data: photo },
      ]);
      expect(res.statusCode, `upload ${i + 1}`).toBe(200);
    }
    const refused = await sendForm(client, 'PUT', `/users/${user.id}`, {}, [
      { field: 'photo', name: 'me.png', data: photo },
    ]);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // A profile edit without a file is no upload: still answered.
    const text = await client.put(`/users/${user.id}`, { first_name: 'Mariem' });
    expect(text.statusCode).toBe(200);
    // Another user uploads as before.
    const other = await ctx().userClient();
    const theirs = await sendForm(other.client, 'PUT', `/users/${other.user.id}`, {}, [
      { field: 'photo', name: 'me.png', data: photo },
    ]);
    expect(theirs.statusCode).toBe(200);
  });
});

it('keeps only the first frame of an animation past the pixel budget', async () => {
  // 99 frames of 200×200: 3.96 megapixels, within the old 25-megapixel budget, past the new one.
  const long = await files.animatedGif(99, 200);
  expect(99 * 200 * 200).toBeGreaterThan(MAX_ANIMATED_PIXELS);
  const still = await convertImage(long, 'gif', 'files');
  expect((await sharp(still.original, { animated: true }).metadata()).pages ?? 1).toBe(1);
  // A short one stays animated.
  const short = await convertImage(await files.animatedGif(20, 200), 'gif', 'files');
  expect((await sharp(short.original, { animated: true }).metadata()).pages).toBe(20);
});

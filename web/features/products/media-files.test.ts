import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_FILES_PER_PRODUCT } from '../../../shared/constants';
import { preparePicked } from './media-files';

const file = (name: string, type: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type });
const same = async (f: File) => f;

describe('preparePicked', () => {
  it('keeps photos and videos within the limits', async () => {
    const picked = [file('a.jpg', 'image/jpeg'), file('b.mp4', 'video/mp4')];
    expect(await preparePicked(0, picked, same)).toEqual({ accepted: picked, errors: [] });
  });

  it('refuses more than ten in all, counting those already there (SPEC §5)', async () => {
    const picked = Array.from({ length: 4 }, (_, i) => file(`${i}.png`, 'image/png'));
    const result = await preparePicked(MAX_FILES_PER_PRODUCT - 2, picked, same);
    expect(result.accepted).toEqual(picked.slice(0, 2));
    expect(result.errors).toEqual(['too_many_files']);
  });

  it('refuses a file above ten megabytes, after downscaling', async () => {
    const big = file('big.mp4', 'video/mp4', MAX_FILE_BYTES + 1);
    const exact = file('ok.webm', 'video/webm', MAX_FILE_BYTES);
    expect(await preparePicked(0, [big, exact], same)).toEqual({
      accepted: [exact],
      errors: ['file_too_large'],
    });
    // A big photo that shrinks goes through.
    const photo = file('huge.jpg', 'image/jpeg', MAX_FILE_BYTES + 5);
    const small = file('huge.jpg', 'image/jpeg', 2000);
    expect(await preparePicked(0, [photo], async () => small)).toEqual({
      accepted: [small],
      errors: [],
    });
  });

  it('refuses SVG, HEIC and documents', async () => {
    const result = await preparePicked(
      0,
      [
        file('x.svg', 'image/svg+xml'),
        file('y.heic', 'image/heic'),
        file('z.pdf', 'application/pdf'),
      ],
      same,
    );
    expect(result).toEqual({ accepted: [], errors: ['unsupported_file'] });
  });
});

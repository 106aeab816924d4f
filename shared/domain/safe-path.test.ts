import { describe, expect, it } from 'vitest';
import { localPathOfUrl, safeLocalPath } from './safe-path';

describe('safeLocalPath', () => {
  it('keeps paths on this site as they are', () => {
    for (const path of [
      '/',
      '/market',
      '/products/product/12?from=search#photos',
      '/search?q=%D8%B3%D9%8A%D8%A7%D8%B1%D8%A9',
      '/search?q=voiture%20rouge',
      '/a%2Fb', // an encoded slash inside a segment is not a second slash in front
      '/search?q=a%5Cb', // a backslash in the query is text
    ]) {
      expect(safeLocalPath(path), path).toBe(path);
    }
  });

  it('refuses whatever could leave the site', () => {
    for (const target of [
      null,
      undefined,
      '',
      'market',
      'http://evil.example/',
      'https://evil.example',
      'javascript:alert(1)',
      '//evil.example/',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/%09/evil.example',
      '/%0a/evil.example',
      '/%0D%0A/evil.example',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '%2F%2Fevil.example',
      '/%5Cevil.example',
      '/%5cevil.example',
      '/%252F/evil.example',
      '/%25252F%25252Fevil.example',
      '/\u0000/evil.example',
      '/%',
      '/' + 'a'.repeat(3000),
    ]) {
      expect(safeLocalPath(target), JSON.stringify(target)).toBeNull();
    }
  });
});

describe('localPathOfUrl', () => {
  const hosts = ['souq.mr', 'localhost:3000'];
  it('turns a Referer on this site into its path', () => {
    expect(localPathOfUrl('https://souq.mr/market?q=1', hosts)).toBe('/market?q=1');
    expect(localPathOfUrl('http://localhost:3000/', hosts)).toBe('/');
  });
  it('refuses other sites and tricky paths', () => {
    expect(localPathOfUrl('https://evil.example/market', hosts)).toBeNull();
    expect(localPathOfUrl('http://souq.mr//evil.example/', hosts)).toBeNull();
    expect(localPathOfUrl('http://souq.mr/%2F/evil.example', hosts)).toBeNull();
    expect(localPathOfUrl('ftp://souq.mr/', hosts)).toBeNull();
    expect(localPathOfUrl('not a url', hosts)).toBeNull();
    expect(localPathOfUrl(undefined, hosts)).toBeNull();
  });
});

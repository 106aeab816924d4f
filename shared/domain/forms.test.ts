import { describe, expect, it } from 'vitest';
import { isSecretKey, redactUrl } from './forms';

describe('redactUrl', () => {
  it('hides the values of secret keys and keeps the rest', () => {
    expect(redactUrl('/login?login=22000002&password=hunter22&next=%2F')).toBe(
      '/login?login=22000002&password=[redacted]&next=%2F',
    );
    expect(redactUrl('/register?first_name=A&password=x&password_confirmation=x&_xsrf=abc')).toBe(
      '/register?first_name=A&password=[redacted]&password_confirmation=[redacted]&_xsrf=[redacted]',
    );
    expect(redactUrl('/password/reset?login=2&token=abcdef&code=123456')).toBe(
      '/password/reset?login=2&token=[redacted]&code=[redacted]',
    );
  });

  it('reads encoded keys and leaves addresses without secrets as they are', () => {
    expect(redactUrl('/x?pass%77ord=secret')).toBe('/x?pass%77ord=[redacted]');
    expect(redactUrl('/search?name=voiture&page=2')).toBe('/search?name=voiture&page=2');
    expect(redactUrl('/products/product/3')).toBe('/products/product/3');
    expect(redactUrl('/x?%E0%A4%A=1&password')).toBe('/x?%E0%A4%A=1&password');
  });
});

describe('isSecretKey', () => {
  it('names passwords, codes and tokens, not ordinary fields', () => {
    for (const key of ['password', 'new_password_confirmation', 'code', 'token', '_xsrf']) {
      expect(isSecretKey(key)).toBe(true);
    }
    for (const key of ['login', 'first_name', 'phone_1', 'email', 'next', 'name']) {
      expect(isSecretKey(key)).toBe(false);
    }
  });
});

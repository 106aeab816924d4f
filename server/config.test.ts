import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

// Issue 14 item 8: the environment is validated at start; a bad value stops the server with a
// message naming the variable. Item 1: TRUST_PROXY unset trusts nobody.

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('refuses bad values, naming the variable', () => {
    expect(refusal({ PORT: 'abc' })).toMatch(/PORT: must be a whole number/);
    expect(refusal({ PORT: '70000' })).toMatch(/PORT:/);
    expect(refusal({ DATABASE_URL: 'mysql://db/souq' })).toMatch(
      /DATABASE_URL: must be a postgres/,
    );
    expect(refusal({ TRUST_PROXY: 'garbage' })).toMatch(/TRUST_PROXY: .*"garbage"/);
    expect(refusal({ TRUST_PROXY: '10.0.0.0/33' })).toMatch(/TRUST_PROXY:/);
    expect(refusal({ TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY:/);
    expect(refusal({ DATABASE_POOL_MAX: '0' })).toMatch(/DATABASE_POOL_MAX:/);
    expect(refusal({ STATEMENT_TIMEOUT_MS: '-1' })).toMatch(/STATEMENT_TIMEOUT_MS:/);
    expect(refusal({ SEARCH_READ_WORKERS: '17' })).toMatch(/SEARCH_READ_WORKERS:/);
    expect(refusal({ PUBLIC_URL: 'javascript:alert(1)' })).toMatch(/PUBLIC_URL:/);
    expect(refusal({ LOG_LEVEL: 'loud' })).toMatch(/LOG_LEVEL:/);
    // Every bad variable is named at once.
    const both = refusal({ PORT: 'x', DATABASE_POOL_MAX: 'y' });
    expect(both).toMatch(/PORT:/);
    expect(both).toMatch(/DATABASE_POOL_MAX:/);
  });

  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      trustProxy: false,
      databasePoolMax: 10,
      statementTimeoutMs: 5000,
      searchReadWorkers: 2,
      seedDemo: true,
      production: false,
    });
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('reads TRUST_PROXY as a hop count or addresses/CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });

  it('seeds no demo accounts in production unless SEED_DEMO asks', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every dictionary key is used somewhere (issue 15): written as a string in the web app
// (`t('key')`, `label: 'key'`), sent by the server (error messages, the seeded catalogue's names),
// or built from one of the prefixes and suffixes below. The two languages having the same keys is
// web/lib/i18n.test.ts's; a key both files lose together is this test's.

/** Keys built at run time, with where they are built. A new `t(`x_${…}`)` adds its prefix here. */
const DYNAMIC_PREFIXES = [
  'admin_', // web/features/admin/field-errors.ts: `admin_${field}_bad_input`
  'contact_', // web/features/products/product-form-details.tsx
  'field_type_', // web/features/admin/components/field-list.tsx
  'language_', // web/features/users/profile-page.tsx
  'notification_', // web/features/notifications/notification-text.ts
  'offer_type_', // web/features/search/components/search-panel.tsx
  'position_', // web/features/admin/components/field-list.tsx
  'reaction_', // web/features/products/components/reactions-bar.tsx
  'role_', // web/features/users/user-page.tsx
  'shop_role_', // web/features/users/my-shops-page.tsx
  'shop_tab_', // web/features/shops/shop-page.tsx
  'sort_', // web/features/search/search-page.tsx
  'tab_', // web/features/search/components/home-tabs.tsx
  'unit_', // web/features/admin/components/field-list.tsx: a unit of measure
  'report_why_', // web/features/products/components/report-dialog.tsx, admin moderation-tab.tsx
  'insights_', // web/features/shops/insights-page.tsx: `insights_${key}`
  'audit_action_', // web/features/admin/components/audit-tab.tsx: `auditLabel`
  'audit_target_', // same
];
const DYNAMIC_SUFFIXES = [
  '_bad_input', // web/features/commands/form-rules.ts: `${field}_bad_input`
  '_unit', // web/features/products/product-form-main.tsx: `${offer_type}_unit`
];

const PLURAL = /_(zero|one|two|few|many|other)$/;

function sources(dir: string): string[] {
  return readdirSync(path.resolve(dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|test-support|fixtures/.test(file))
    .map((file) => path.join(dir, file));
}

/** Every string literal's text (quoted or between backticks) of the web app, shared/ and server/. */
function stringsOfSources(): Set<string> {
  const strings = new Set<string>();
  for (const file of [...sources('web'), ...sources('shared'), ...sources('server')]) {
    const code = readFileSync(file, 'utf8');
    for (const pattern of [/'([^'\n]*)'/g, /"([^"\n]*)"/g, /`([^`]*)`/g]) {
      for (const match of code.matchAll(pattern)) strings.add(match[1]);
    }
  }
  return strings;
}

function keysOf(language: string): { area: string; key: string }[] {
  // The web app's areas and those the server reads too (shared/locales).
  return ['web/locales', 'shared/locales'].flatMap((root) => {
    const dir = path.resolve(root, language);
    return readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        Object.keys(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as object).map(
          (key) => ({
            area: file.replace(/\.json$/, ''),
            key,
          }),
        ),
      );
  });
}

describe('dictionary keys', () => {
  const strings = stringsOfSources();
  const used = (key: string) => {
    const base = key.replace(PLURAL, '');
    return (
      strings.has(key) ||
      strings.has(base) ||
      DYNAMIC_PREFIXES.some((prefix) => key.startsWith(prefix)) ||
      DYNAMIC_SUFFIXES.some((suffix) => base.endsWith(suffix))
    );
  };

  it.each(['ar', 'fr'])('of %s are all used somewhere', (language) => {
    const keys = keysOf(language);
    expect(keys.length).toBeGreaterThan(100);
    const unused = keys.filter(({ key }) => !used(key)).map(({ area, key }) => `${area}: ${key}`);
    expect(unused).toEqual([]);
  });

  it('recognises a key built from an allowed prefix, and not an unknown one', () => {
    expect(used('reaction_like')).toBe(true);
    expect(used('price_bad_input')).toBe(true);
    expect(used('no_such_key_anywhere_xyz')).toBe(false);
  });
});

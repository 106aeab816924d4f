import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstViewKeys, staticImports } from '../../scripts/first-view-dictionary';

// The build's split of each dictionary (scripts/first-view-dictionary.ts, scripts/vite/first-views.ts): the
// first part holds what the shell and the home page show, and nothing of pages loaded later.

describe('the first view of the dictionary', () => {
  const isFirstView = firstViewKeys();

  it('holds the shell, the home page and the catalogue tree names', () => {
    for (const key of ['nav_home', 'sign_in', 'app_name', 'react', 'vehicles', 'cars']) {
      expect(isFirstView(key, ''), key).toBe(true);
    }
    // Plural forms of a key written in a first-view file; keys built from a prefix there.
    expect(isFirstView('reactions_total_few', '')).toBe(true);
    expect(isFirstView('tab_shops', '')).toBe(true);
  });

  it('leaves out what only later pages and dialogs show', () => {
    for (const key of ['admin_unit_none', 'report_send', 'my_profile', 'menu_edit_profile']) {
      expect(isFirstView(key, ''), key).toBe(false);
    }
  });

  it('follows a feature index only to the modules of the names imported', () => {
    const files = [...staticImports(path.resolve('web/app/pages/home-page.tsx'))].map((file) =>
      path.relative(process.cwd(), file),
    );
    expect(files).toContain('web/features/products/components/offer-card.tsx');
    expect(files).not.toContain('web/features/products/components/report-dialog.tsx');
    expect(files).not.toContain('web/components/confirm-modal.tsx');
  });
});

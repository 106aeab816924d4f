import { describe, expect, it } from 'vitest';
import { dictionary as ar } from '../../locales/ar';
import { dictionary as fr } from '../../locales/fr';
import { AUDIT_FIELD_LABELS, auditFieldLabel } from './audit-field-labels';

// The audit trail's field labels (issue 34 item 4): every one is a key of both languages.

describe('audit field labels', () => {
  it('names each listed field by a key both dictionaries hold', () => {
    for (const [field, key] of Object.entries(AUDIT_FIELD_LABELS)) {
      expect(ar[key], `${field} → ${key} (ar)`).toBeTruthy();
      expect(fr[key], `${field} → ${key} (fr)`).toBeTruthy();
    }
  });

  it('names no other field, not even one named like an object’s own properties', () => {
    expect(auditFieldLabel('legacy_flag')).toBeUndefined();
    expect(auditFieldLabel('constructor')).toBeUndefined();
    expect(auditFieldLabel('order_number')).toBe('order_number');
  });
});

import { describe, expect, it } from 'vitest';
import { dictionary as ar } from '../../locales/ar';
import { dictionary as fr } from '../../locales/fr';
import {
  FIELD_POSITIONS,
  FIELD_TYPES,
  LANGUAGES,
  SHOP_ROLES,
  SITE_ROLES,
  YES_NO,
} from '../../../shared/constants';
import { MODERATION_STATUSES } from '../../../shared/domain/trust';
import { AUDIT_FIELD_LABELS, auditFieldLabel, auditValueKey } from './audit-field-labels';

// The audit trail's field and value labels (issue 34 item 4): every one is a key of both
// languages.

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

describe('audit values', () => {
  it('names every value it knows by a key both dictionaries hold', () => {
    const cases: [string, string, string][] = [
      ...YES_NO.flatMap((v) => [
        ['can_be_used', v, 'pcategory.update'] as [string, string, string],
      ]),
      ...FIELD_TYPES.map((v) => ['type', v, 'pfield.update'] as [string, string, string]),
      ...FIELD_POSITIONS.map((v) => ['position', v, 'pfield.update'] as [string, string, string]),
      ...LANGUAGES.map((v) => ['language', v, 'user.update'] as [string, string, string]),
      ...SITE_ROLES.map((v) => ['role', v, 'user.update'] as [string, string, string]),
      ...SHOP_ROLES.map((v) => ['role', v, 'employee.role'] as [string, string, string]),
      ...MODERATION_STATUSES.map(
        (v) => ['moderation_status', v, 'moderation.hide'] as [string, string, string],
      ),
    ];
    for (const [field, value, action] of cases) {
      const key = auditValueKey(field, value, action);
      expect(key, `${field}=${value}`).toBeDefined();
      expect(ar[key!], `${field}=${value} → ${key} (ar)`).toBeTruthy();
      expect(fr[key!], `${field}=${value} → ${key} (fr)`).toBeTruthy();
    }
  });

  it('leaves other values as stored', () => {
    expect(auditValueKey('role', 'owner', 'user.update')).toBeUndefined();
    expect(auditValueKey('name', 'yes', 'pcategory.update')).toBeUndefined();
    expect(auditValueKey('type', 'constructor', 'pfield.update')).toBeUndefined();
    expect(auditValueKey('text', 'hidden', 'comment.update')).toBeUndefined();
  });
});

import {
  readFieldValues,
  type FieldValue,
  type SubField,
} from '../../../shared/domain/pfield-values';

// Issue 35 item 18: a sub-field's Arabic and French labels, edited beside the values' JSON text
// like a field's own labels. A sub-field is named by its key; every sub-field of that name (each
// brand's "model") takes the same labels.

export type SubFieldLabels = Pick<SubField, 'name' | 'name_ar' | 'name_fr'>;

/** The distinct sub-field names of a field's values, at any depth, each with its first labels. */
export function subFieldNames(text: string): SubFieldLabels[] {
  const found = new Map<string, SubFieldLabels>();
  const walk = (items: FieldValue[]) => {
    for (const { sub_field: sub } of items) {
      if (!sub) continue;
      const seen = found.get(sub.name);
      found.set(sub.name, {
        name: sub.name,
        name_ar: seen?.name_ar ?? sub.name_ar,
        name_fr: seen?.name_fr ?? sub.name_fr,
      });
      walk(sub.values);
    }
  };
  walk(readFieldValues(text) ?? []);
  return [...found.values()];
}

/**
 * The values' JSON text with these labels on every sub-field of each name (a blank label
 * removed). Text that is not a list of values goes as typed: the server says what is wrong.
 */
export function withSubFieldLabels(
  text: string,
  labels: Record<string, { name_ar?: string; name_fr?: string }>,
): string {
  if (Object.keys(labels).length === 0) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (!Array.isArray(parsed)) return text;
  const walk = (items: unknown[]) => {
    for (const item of items) {
      const sub = (item as { sub_field?: Record<string, unknown> } | null)?.sub_field;
      if (!sub || typeof sub !== 'object') continue;
      const given = typeof sub.name === 'string' ? labels[sub.name] : undefined;
      for (const key of ['name_ar', 'name_fr'] as const) {
        const label = given?.[key];
        if (label === undefined) continue;
        if (label.trim()) sub[key] = label.trim();
        else delete sub[key];
      }
      if (Array.isArray(sub.values)) walk(sub.values);
    }
  };
  walk(parsed);
  return JSON.stringify(parsed);
}

/** Form inputs of the labels: `sub_label_ar:{name}` and `sub_label_fr:{name}`. */
export const subFieldLabelInput = (language: 'ar' | 'fr', name: string) =>
  `sub_label_${language}:${name}`;

/** Takes the label inputs out of a form's values, as labels by sub-field name. */
export function takeSubFieldLabels(values: Record<string, string>) {
  const labels: Record<string, { name_ar?: string; name_fr?: string }> = {};
  for (const [key, value] of Object.entries(values)) {
    const match = /^sub_label_(ar|fr):([\s\S]*)$/.exec(key);
    if (!match) continue;
    (labels[match[2]] ??= {})[match[1] === 'ar' ? 'name_ar' : 'name_fr'] = value;
    delete values[key];
  }
  return labels;
}

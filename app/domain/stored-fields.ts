// Reading what was stored as JSON (browser storage, written by older builds and hand-edited
// browsers; jsonb columns): nothing trusts its shape. Shared by the saved car and flight
// searches and the properties' content.

type Fields = Record<string, unknown>;

export function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whole non-negative numbers; storage written through form inputs may hold them as digit strings. */
export function toCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value.trim())) return Number(value.trim());
  return null;
}

export function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

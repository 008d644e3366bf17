import type { PriceType } from './room-price';

/**
 * Reading back the pricing choices a hold recorded (`holds.selection`, string pairs). A value
 * that is missing or out of range gives the caller's safe default: a checkout never falls
 * back to what its link says.
 */
export type HoldSelection = Readonly<Record<string, string>> | null;

/** A whole number in [min, max] from the selection, else `fallback`. */
export function selectedInt(selection: HoldSelection, key: string, min: number, max: number, fallback: number): number {
  const raw = selection?.[key];
  if (raw === undefined || !/^-?\d{1,9}$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= min && value <= max ? value : fallback;
}

/** The price type the hold was quoted at, else `fallback` (the visitor's own, never a package rate). */
export function selectedPriceType(selection: HoldSelection, fallback: PriceType): PriceType {
  const raw = selection?.priceType;
  return raw === 'B2B' || raw === 'B2C' || raw === 'PKG' ? raw : fallback;
}

/** A string value matching `pattern`, else `fallback`. */
export function selectedText(selection: HoldSelection, key: string, pattern: RegExp, fallback: string): string {
  const raw = selection?.[key];
  return raw !== undefined && pattern.test(raw) ? raw : fallback;
}

/** The selection's values as URL search params (for products whose search parser reads params). */
export const selectionParams = (selection: HoldSelection) => new URLSearchParams(Object.entries(selection ?? {}));

/** Drops empty values, so a selection records only what was chosen. */
export function compactSelection(values: Record<string, string | number | null | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter((e): e is [string, string | number] => e[1] !== null && e[1] !== undefined && e[1] !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

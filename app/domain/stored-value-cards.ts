/**
 * Loyalty points, wallets, certificates and discount cards at checkout (issue 11; spec §2
 * "Points-type dropdown", §5): the pure rules the checkout blocks and the legacy calls share.
 */
import { cappedPoints, walletAmountWithMarkup } from './payable-total';

/** Spec §2 "Points-type dropdown": its label before a type is chosen and its list's height. */
export const POINTS_DEFAULT_LABEL = 'Points';
export const POINTS_LIST_MAX_HEIGHT_PX = 300;

/** Spec §5 "The dropdown filters types by case-insensitive text match on the label". */
export function filterPointTypes<T extends { label: string }>(types: readonly T[], query: string): T[] {
  const wanted = query.trim().toLowerCase();
  return wanted === '' ? [...types] : types.filter((type) => type.label.toLowerCase().includes(wanted));
}

/**
 * The points a member typed, as whole points capped at the type's balance (spec §5 "The
 * entered points are capped at the selected type's available points"): anything but digits
 * counts as 0, so the field never holds more than can be used.
 */
export function enteredPoints(typed: string, balance: number): number {
  const digits = typed.replace(/\D/g, '');
  return digits === '' ? 0 : Math.floor(cappedPoints(Number(digits), balance));
}

/**
 * The listbox's next active option for a key (WAI-ARIA combobox pattern): arrows move and
 * stop at the ends, Home and End jump; null for a key that does not move. -1: none active.
 */
export function nextActiveOption(current: number, key: string, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : Math.min(current + 1, count - 1);
    case 'ArrowUp':
      return current < 0 ? count - 1 : Math.max(current - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The most a wallet may pay of a booking (spec §9 wallet markup factor 1.1, decision 0031):
 * the net price and up to a tenth more, never more than is left to pay.
 */
export function walletCapMinor(chargeMinor: number, markupMinor: number, payableMinor: number, walletsAppliedMinor = 0): number {
  return Math.min(payableMinor, Math.max(0, walletAmountWithMarkup(chargeMinor - markupMinor) - walletsAppliedMinor));
}

/** Which of a member's cards a checkout block lets them apply now (spec §5 "Certificates: apply when active"; discount cards only where they apply). */
export function canApplyCard(card: { active: boolean; applies: boolean; balanceMinor: number }): boolean {
  return card.active && card.applies && card.balanceMinor > 0;
}

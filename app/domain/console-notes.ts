/**
 * The browser console warnings spec §8 names ("Console messages are logged for: payment SDK not
 * initialized, payment info not initialized, no dates available, user not logged in, unsupported
 * product type, and data required for … trip creation"): one text each, for whoever looks at a
 * visitor's console (support, a developer), never shown on the page.
 */
import { isProductCode, products } from '~/products/registry';

export const CONSOLE_NOTES = {
  paymentSdk: 'Payment SDK not initialized',
  paymentInfo: 'Payment info not initialized',
  noDates: 'No dates available',
  notSignedIn: 'User not logged in',
  unsupportedProduct: 'Unsupported product type',
  tripData: 'Data required for trip creation is missing',
} as const;
export type ConsoleNote = keyof typeof CONSOLE_NOTES;

export const consoleNoteText = (note: ConsoleNote, detail?: string) => (detail ? `${CONSOLE_NOTES[note]}: ${detail}` : CONSOLE_NOTES[note]);

/** Logs one of the spec's notes as a warning (not an error: nothing is broken for the visitor). */
export function warnOnConsole(note: ConsoleNote, detail?: string) {
  console.warn(consoleNoteText(note, detail));
}

/**
 * Why a details page of `product` has no trip item: a product without a trip list is not
 * supported; an offer, resort or stay with none has no bookable date or week; a hotel or a
 * flight lacks the room or fare the item is made of.
 */
export function noTripItemNote(product: string): ConsoleNote {
  if (!isProductCode(product) || !('tripList' in products[product])) return 'unsupportedProduct';
  return product === 'HLT' || product === 'FLT' || product === 'CAR' ? 'tripData' : 'noDates';
}

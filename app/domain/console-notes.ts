/**
 * The browser console warnings spec §8 names ("Console messages are logged for: payment SDK not
 * initialized, payment info not initialized, no dates available, user not logged in, unsupported
 * product type, and data required for … trip creation"): one text each, for whoever looks at a
 * visitor's console (support, a developer), never shown on the page.
 */
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

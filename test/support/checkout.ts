// The checkout's payment steps as a traveller takes them in Chromium (issues 4, 15): the one
// form, a card typed into the sandbox card frame, and COMPLETE BOOKING to the success page.
import { type Page, waitForHydration } from './browser';

export type Card = { number: string; expiry: string; cvv: string };

export const NEW_CARD: Card = { number: '4111111111111111', expiry: '12/30', cvv: '737' };

/** The card frame's field labels: it speaks the page's language (server/sandbox-gateway/card-frame.ts). */
const CARD_FIELD_LABELS = {
  en: { number: 'Card number', expiry: 'Expiry (MM/YY)', cvv: 'CVV' },
  es: { number: 'Número de tarjeta', expiry: 'Vencimiento (MM/AA)', cvv: 'CVV' },
} as const;

/** From "Complete your booking": waits for the one form to run (COMPLETE BOOKING saves the traveller first) and for its payment block. */
export async function reachPayment(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
  await waitForHydration(page);
  await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
}

/**
 * Types a card into the sandbox card frame inside the named form, or, with no form named, into
 * the page's card frame (found by its class: its title is in the page's language).
 */
export async function typeCard(page: Page, formName: string | undefined, card: Card, language: keyof typeof CARD_FIELD_LABELS = 'en') {
  const frame = formName === undefined ? page.frameLocator('iframe.card-entry-frame') : page.getByRole('form', { name: formName }).frameLocator('iframe[title="Card details"]');
  const labels = CARD_FIELD_LABELS[language];
  await frame.getByLabel(labels.number).fill(card.number);
  await frame.getByLabel(labels.expiry).fill(card.expiry);
  await frame.getByLabel(labels.cvv).fill(card.cvv);
}

/** Clicks COMPLETE BOOKING, centred first: a click at the very bottom edge of the viewport right
 * after typing in the cross-origin card frame was lost in headless Chromium. */
export async function clickSubmit(page: Page) {
  const submit = page.getByRole('button', { name: 'COMPLETE BOOKING' });
  await submit.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await submit.click();
}

/** COMPLETE BOOKING, then the success page: returns the booking reference it shows. */
export async function completeBooking(page: Page): Promise<string> {
  await clickSubmit(page);
  await page.waitForURL(/checkout-success\?booking_id=/, { timeout: 30_000 });
  const reference = new URL(page.url()).searchParams.get('booking_id')!;
  await page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }).waitFor();
  return reference;
}

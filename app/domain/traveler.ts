import { parseEmailAddress } from './email-address';

/** The traveller's details as typed on a checkout form. */
export type Traveler = { firstName: string; lastName: string; email: string; phone: string | null };

export type TravelerField = keyof Traveler;
export type TravelerErrorKey = 'checkout.error.firstName' | 'checkout.error.lastName' | 'checkout.error.email' | 'checkout.error.phone';

export type TravelerParse = { ok: true; traveler: Traveler } | { ok: false; errors: Partial<Record<TravelerField, TravelerErrorKey>>; values: Record<TravelerField, string> };

const MAX_NAME = 60;
// Letters of any script, marks, spaces, apostrophes, hyphens and dots: "María-José O'Neil Jr."
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

/** Form text as typed: a string with runs of spaces folded and ends trimmed; anything else is empty. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

/*
 * One rule per field, shared by every form that takes a person's details (the checkout's
 * traveller, the user's own details, saved travellers), so they can never disagree.
 */
export function validName(value: string): boolean {
  return value.length > 0 && value.length <= MAX_NAME && NAME.test(value);
}

export function validEmail(value: string): boolean {
  return parseEmailAddress(value).ok;
}

export function validPhone(value: string): boolean {
  return PHONE.test(value);
}

/** Reads and checks the traveller fields (the guest's own details may differ from the account's). */
export function parseTraveler(input: Partial<Record<TravelerField, unknown>>): TravelerParse {
  const values = { firstName: text(input.firstName), lastName: text(input.lastName), email: text(input.email), phone: text(input.phone) };
  const errors: Partial<Record<TravelerField, TravelerErrorKey>> = {};
  if (!validName(values.firstName)) errors.firstName = 'checkout.error.firstName';
  if (!validName(values.lastName)) errors.lastName = 'checkout.error.lastName';
  const email = parseEmailAddress(values.email);
  if (!email.ok) errors.email = 'checkout.error.email';
  if (values.phone !== '' && !validPhone(values.phone)) errors.phone = 'checkout.error.phone';
  if (!email.ok || Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, traveler: { ...values, email: email.address, phone: values.phone || null } };
}

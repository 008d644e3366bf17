import { type TravelerField, text, validEmail, validName, validPhone } from './traveler';

/**
 * A signed-in user's traveller details (spec §2 /user-details): their own name, phone and
 * nationality, and the people they often book for. The field rules are the checkout's
 * (`./traveler`), so a saved traveller always passes the checkout's traveller step.
 */

/** How many people one user may save: enough for a family or a small team, not a directory. */
export const MAX_SAVED_TRAVELERS = 20;

/** ISO 3166-1 alpha-2 codes, the nationality values the site accepts (names come from Intl). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const countryCodes: ReadonlySet<string> = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): boolean {
  return countryCodes.has(value);
}

export type UserDetails = { firstName: string; lastName: string; phone: string | null; nationality: string | null };
export type UserDetailsField = keyof UserDetails;

export type SavedTravelerInput = {
  firstName: string;
  lastName: string;
  /** A calendar date, YYYY-MM-DD. */
  dateOfBirth: string | null;
  nationality: string | null;
  email: string | null;
  phone: string | null;
};
export type SavedTravelerField = keyof SavedTravelerInput;

export type DetailsErrorKey =
  'checkout.error.firstName' | 'checkout.error.lastName' | 'checkout.error.email' | 'checkout.error.phone' | 'userDetails.error.nationality' | 'userDetails.error.dateOfBirth';

export type Parse<T, F extends string> = { ok: true; value: T } | { ok: false; errors: Partial<Record<F, DetailsErrorKey>>; values: Record<F, string> };

function checkNationality(value: string): boolean {
  return value === '' || isCountryCode(value);
}

/**
 * A date of birth: a real calendar date, not after `today` (YYYY-MM-DD, the caller's
 * calendar day) and not more than 130 years before it.
 */
export function validDateOfBirth(value: string, today: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2023-02-30 over to March: a real date reads back unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const oldest = `${String(Number(today.slice(0, 4)) - 130).padStart(4, '0')}${today.slice(4)}`;
  return value <= today && value >= oldest;
}

/** The user's own details as typed on /user-details (the e-mail is the sign-in and is not edited here). */
export function parseUserDetails(input: Partial<Record<UserDetailsField, unknown>>): Parse<UserDetails, UserDetailsField> {
  const values = { firstName: text(input.firstName), lastName: text(input.lastName), phone: text(input.phone), nationality: text(input.nationality) };
  const errors: Partial<Record<UserDetailsField, DetailsErrorKey>> = {};
  if (!validName(values.firstName)) errors.firstName = 'checkout.error.firstName';
  if (!validName(values.lastName)) errors.lastName = 'checkout.error.lastName';
  if (values.phone !== '' && !validPhone(values.phone)) errors.phone = 'checkout.error.phone';
  if (!checkNationality(values.nationality)) errors.nationality = 'userDetails.error.nationality';
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, value: { firstName: values.firstName, lastName: values.lastName, phone: values.phone || null, nationality: values.nationality || null } };
}

/** A saved traveller: names required; date of birth, nationality, e-mail and phone optional. */
export function parseSavedTraveler(input: Partial<Record<SavedTravelerField, unknown>>, today: string): Parse<SavedTravelerInput, SavedTravelerField> {
  const values = {
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    dateOfBirth: text(input.dateOfBirth),
    nationality: text(input.nationality),
    email: text(input.email),
    phone: text(input.phone),
  };
  const errors: Partial<Record<SavedTravelerField, DetailsErrorKey>> = {};
  if (!validName(values.firstName)) errors.firstName = 'checkout.error.firstName';
  if (!validName(values.lastName)) errors.lastName = 'checkout.error.lastName';
  if (values.dateOfBirth !== '' && !validDateOfBirth(values.dateOfBirth, today)) errors.dateOfBirth = 'userDetails.error.dateOfBirth';
  if (!checkNationality(values.nationality)) errors.nationality = 'userDetails.error.nationality';
  if (values.email !== '' && !validEmail(values.email)) errors.email = 'checkout.error.email';
  if (values.phone !== '' && !validPhone(values.phone)) errors.phone = 'checkout.error.phone';
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return {
    ok: true,
    value: {
      firstName: values.firstName,
      lastName: values.lastName,
      dateOfBirth: values.dateOfBirth || null,
      nationality: values.nationality || null,
      email: values.email ? values.email.toLowerCase() : null,
      phone: values.phone || null,
    },
  };
}

/** Whether one more traveller may be saved by a user who has `count` already. */
export function canSaveAnotherTraveler(count: number): boolean {
  return count < MAX_SAVED_TRAVELERS;
}

/** What the checkout's "choose a saved traveller" select offers: enough to fill its traveller fields. */
export type SavedTravelerChoice = { id: string; firstName: string; lastName: string; email: string | null; phone: string | null };

/**
 * The checkout's traveller fields filled from a saved traveller. A traveller saved without an
 * e-mail keeps `contactEmail` (the signed-in user's own), because the booking's confirmation
 * is sent there and the checkout requires one; a traveller without a phone leaves it empty.
 */
export function travelerFieldsFrom(choice: SavedTravelerChoice, contactEmail: string): Record<TravelerField, string> {
  return { firstName: choice.firstName, lastName: choice.lastName, email: choice.email ?? contactEmail, phone: choice.phone ?? '' };
}

/** Countries for a nationality select, named and sorted in the reader's language. */
export function countryOptions(language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, language));
}

/** What a successful change on /user-details reports once the page is loaded again. */
export const userDetailsOutcomes = ['details', 'added', 'updated', 'deleted'] as const;
export type UserDetailsOutcome = (typeof userDetailsOutcomes)[number];

export function readOutcome(value: string | null): UserDetailsOutcome | null {
  return userDetailsOutcomes.find((outcome) => outcome === value) ?? null;
}

/** The answer of a refused change on /user-details: which form, and what to show next to its fields. */
export type UserDetailsRefusal =
  | { intent: 'details'; errors: Partial<Record<UserDetailsField, DetailsErrorKey>>; values: Record<UserDetailsField, string> }
  | { intent: 'add-traveler'; errors: Partial<Record<SavedTravelerField, DetailsErrorKey>>; values: Record<SavedTravelerField, string> }
  | { intent: 'edit-traveler'; travelerId: string; errors: Partial<Record<SavedTravelerField, DetailsErrorKey>>; values: Record<SavedTravelerField, string> }
  | { intent: 'limit' };

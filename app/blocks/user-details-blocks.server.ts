import type { Block } from '#schemas/layout.schema';
import { MAX_SAVED_TRAVELERS, countryOptions } from '~/domain/user-details';
import { getUserDetails, listSavedTravelers } from '~/services/identity/user-details.server';
import type { BlockContext } from './context.server';
import { dateTimeFormat } from '~/domain/intl-format';

type B<K extends Block['type']> = Extract<Block, { type: K }>;

/** The signed-in user's own details, read from the account (not the session) so an edit shows at once. */
export async function resolveUserDetails(_block: B<'profile.details'>, { user, locale }: BlockContext) {
  if (!user) return { details: null, countries: [] };
  return { details: await getUserDetails({ userPublicId: user.userId }), countries: countryOptions(locale.language) };
}

/** The signed-in user's saved travellers, with their dates of birth written out on the server (no hydration drift). */
export async function resolveSavedTravelers(_block: B<'profile.travelers'>, { user, locale }: BlockContext) {
  if (!user) return { travelers: [], countries: [], max: MAX_SAVED_TRAVELERS };
  const countries = countryOptions(locale.language);
  const countryName = new Map(countries.map((c) => [c.code, c.name]));
  const dates = dateTimeFormat(locale.language, { dateStyle: 'long', timeZone: 'UTC' });
  const travelers = (await listSavedTravelers({ userPublicId: user.userId })).map((traveler) => ({
    ...traveler,
    dateOfBirthText: traveler.dateOfBirth ? dates.format(new Date(`${traveler.dateOfBirth}T00:00:00Z`)) : null,
    nationalityName: traveler.nationality ? (countryName.get(traveler.nationality) ?? traveler.nationality) : null,
  }));
  return { travelers, countries, max: MAX_SAVED_TRAVELERS };
}

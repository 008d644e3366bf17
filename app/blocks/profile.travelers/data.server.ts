import { MAX_SAVED_TRAVELERS, countryOptions } from '~/domain/user-details';
import { listSavedTravelers } from '~/services/identity/user-details.server';
import type { BlockContext, TypedBlock } from '../context.server';
import { dateTimeFormat } from '~/domain/intl-format';

/** The signed-in user's saved travellers, with their dates of birth written out on the server (no hydration drift). */
export default async function resolveSavedTravelers(_block: TypedBlock<'profile.travelers'>, { user, locale }: BlockContext) {
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

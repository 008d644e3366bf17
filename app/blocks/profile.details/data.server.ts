import { countryOptions } from '~/domain/user-details';
import { getUserDetails } from '~/services/identity/user-details.server';
import type { BlockContext, TypedBlock } from '../context.server';

/** The signed-in user's own details, read from the account (not the session) so an edit shows at once. */
export default async function resolveUserDetails(_block: TypedBlock<'profile.details'>, { user, locale }: BlockContext) {
  if (!user) return { details: null, countries: [] };
  return { details: await getUserDetails({ userPublicId: user.userId }), countries: countryOptions(locale.language) };
}

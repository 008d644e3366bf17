import { postOnly, signedInMembershipAction } from '~/http/membership-call.server';
import { plansFetch, membershipBodies } from '~/services/membership/membership.server';

/** POST /api/membershipUpgrade/plans {userId, lang}: the plans fetch by userId, the signed-in member's own (docs/api.md "Membership"). */
export const action = signedInMembershipAction(membershipBodies.plansFetch, plansFetch);

export const loader = postOnly;

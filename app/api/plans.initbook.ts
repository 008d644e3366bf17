import { postOnly, signedInMembershipAction } from '~/http/membership-call.server';
import { initBook, membershipBodies } from '~/services/membership/membership.server';

/** POST /api/plans/initbook {data}: writes the subscription booking to pay (docs/api.md "Membership"). */
export const action = signedInMembershipAction(membershipBodies.initBook, initBook);

export const loader = postOnly;

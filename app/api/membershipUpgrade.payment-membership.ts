import { postOnly, signedInMembershipAction } from '~/http/membership-call.server';
import { paymentMembership, membershipBodies } from '~/services/membership/membership.server';

/** POST /api/membershipUpgrade/payment-membership: checks a plan purchase and answers its init-book data (docs/api.md "Membership"). */
export const action = signedInMembershipAction(membershipBodies.paymentMembership, paymentMembership);

export const loader = postOnly;

import { defineBlock } from '../define-block';
import { PROFILE_PAGES } from '~/domain/page-kind-names';

/** The signed-in user's bookings, newest first (issue 4 "After booking"). */
export default defineBlock({
  type: 'profile.bookings',
  pages: PROFILE_PAGES,
  props: {
    type: 'object',
    properties: { limit: { type: 'integer', minimum: 1, maximum: 50 } },
    additionalProperties: false,
  },
});

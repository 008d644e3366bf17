import { defineBlock, messageKey } from '../define-block';

/** A paragraph of copy on a sign-in, sign-up or forgot-password form (an intro, a legal note). */
export default defineBlock({
  type: 'auth.text',
  pages: ['sign-in', 'sign-up', 'forgot-password'],
  propsRequired: true,
  props: {
    type: 'object',
    properties: { textKey: messageKey },
    required: ['textKey'],
    additionalProperties: false,
  },
});

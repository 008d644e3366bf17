import { defineBlock, messageKey } from '../define-block';

/** The form's submit button; the label defaults to the page's own. */
export default defineBlock({
  type: 'auth.submit',
  pages: ['sign-in', 'sign-up', 'forgot-password'],
  props: { type: 'object', properties: { labelKey: messageKey }, additionalProperties: false },
});

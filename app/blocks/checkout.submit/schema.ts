import { defineBlock } from '../define-block';

/** COMPLETE BOOKING, with what the card is charged and (on small screens) the total. */
export default defineBlock({
  type: 'checkout.submit',
  pages: ['checkout'],
  props: { type: 'object', properties: { showMobileTotal: { type: 'boolean' } }, additionalProperties: false },
});

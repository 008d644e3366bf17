import { defineBlock } from '../define-block';

/** What is bought: the product's own view (a room, a flight itinerary, a car's facts). */
export default defineBlock({
  type: 'checkout.summary',
  pages: ['checkout'],
  props: { type: 'object', properties: { showImage: { type: 'boolean' } }, additionalProperties: false },
});

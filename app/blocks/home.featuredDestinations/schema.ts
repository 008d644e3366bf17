import { defineBlock } from '../define-block';
import { CONTENT_PAGES } from '~/domain/page-kind-names';

/** The cheapest destinations, as cards with their prices from. */
export default defineBlock({
  type: 'home.featuredDestinations',
  pages: CONTENT_PAGES,
  propsRequired: true,
  props: {
    type: 'object',
    properties: { limit: { type: 'integer', minimum: 1, maximum: 24 } },
    required: ['limit'],
    additionalProperties: false,
  },
});

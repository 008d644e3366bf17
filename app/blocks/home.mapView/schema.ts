import { defineBlock } from '../define-block';
import { CONTENT_PAGES } from '~/domain/page-kind-names';

/** The destinations on a world map, and as a list under it. */
export default defineBlock({
  type: 'home.mapView',
  pages: CONTENT_PAGES,
  props: {
    type: 'object',
    properties: { heightPx: { type: 'integer', minimum: 160, maximum: 800 } },
    additionalProperties: false,
  },
});

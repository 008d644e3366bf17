import { defineBlock } from '../define-block';
import { CONTENT_PAGES } from '~/domain/page-kind-names';

/** A product landing page's title and line (or that its search is still to come). */
export default defineBlock({
  type: 'landing.intro',
  pages: CONTENT_PAGES,
  propsRequired: true,
  props: {
    type: 'object',
    properties: { titleKey: { type: 'string', minLength: 1 } },
    required: ['titleKey'],
    additionalProperties: false,
  },
});

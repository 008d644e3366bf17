import { defineBlock } from '../define-block';
import { CONTENT_PAGES } from '~/domain/page-kind-names';

/** A title over the page's picture. */
export default defineBlock({
  type: 'home.hero',
  pages: CONTENT_PAGES,
  propsRequired: true,
  props: {
    type: 'object',
    properties: {
      /** A message key from the UI dictionaries (org copy may override it). */
      titleKey: { type: 'string', minLength: 1 },
      subtitleKey: { type: 'string', minLength: 1 },
      imagePath: { type: 'string', pattern: '^/' },
    },
    required: ['titleKey'],
    additionalProperties: false,
  },
});

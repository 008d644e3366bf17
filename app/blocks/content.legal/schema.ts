import { defineBlock } from '../define-block';
import { CONTENT_PAGES } from '~/domain/page-kind-names';

/** The organisation's privacy policy or terms of use. */
export default defineBlock({
  type: 'content.legal',
  pages: CONTENT_PAGES,
  propsRequired: true,
  props: {
    type: 'object',
    properties: { document: { type: 'string', enum: ['privacyPolicy', 'termsOfUse'] } },
    required: ['document'],
    additionalProperties: false,
  },
});

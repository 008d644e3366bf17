import { defineBlock } from '../define-block';
import { CONTENT_PAGES } from '~/domain/page-kind-names';
import { productCodeSchema } from '#schemas/product-code.schema';

/** Links to the products' search pages, in the organisation's order. */
export default defineBlock({
  type: 'home.searchEntry',
  pages: CONTENT_PAGES,
  props: {
    type: 'object',
    properties: { products: { type: 'array', items: productCodeSchema, uniqueItems: true } },
    additionalProperties: false,
  },
});

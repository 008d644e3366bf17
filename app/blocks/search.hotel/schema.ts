import { defineBlock, noProps } from '../define-block';
import { CONTENT_PAGES } from '~/domain/page-kind-names';

/** The hotel search form, with the destinations and sensible default dates. */
export default defineBlock({ type: 'search.hotel', pages: CONTENT_PAGES, props: noProps });

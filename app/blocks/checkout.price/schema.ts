import { defineBlock, noProps } from '../define-block';

/** The price lines of the held offer (docs/decisions/0026). */
export default defineBlock({ type: 'checkout.price', pages: ['checkout'], props: noProps });

import { defineBlock, noProps } from '../define-block';

/** How to pay: the options, the card forms and their notes. */
export default defineBlock({ type: 'checkout.payment', pages: ['checkout'], props: noProps });

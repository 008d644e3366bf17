import { defineBlock, noProps } from '../define-block';

/** What the traveller accepts before booking. */
export default defineBlock({ type: 'checkout.acknowledgement', pages: ['checkout'], props: noProps });

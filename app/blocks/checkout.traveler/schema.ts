import { defineBlock, noProps } from '../define-block';

/** Who travels: the lead traveller's details. */
export default defineBlock({ type: 'checkout.traveler', pages: ['checkout'], props: noProps });

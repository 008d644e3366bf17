import { defineBlock, noProps } from '../define-block';

/** /wallet: the member's wallet balance and the card top-up form (product WLT, issue 11). */
export default defineBlock({ type: 'wallet.topup', pages: ['wallet'], props: noProps });

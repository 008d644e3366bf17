import { defineBlock, noProps } from '../define-block';

/** Sign-in: the e-mail and password fields (docs/decisions/0027). */
export default defineBlock({ type: 'auth.credentials', pages: ['sign-in'], props: noProps });

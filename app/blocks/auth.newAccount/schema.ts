import { defineBlock, noProps } from '../define-block';

/** Sign-up: names, e-mail and password. */
export default defineBlock({ type: 'auth.newAccount', pages: ['sign-up'], props: noProps });

import { defineBlock, noProps } from '../define-block';

/** Forgot password: the account's e-mail. */
export default defineBlock({ type: 'auth.recoveryEmail', pages: ['forgot-password'], props: noProps });

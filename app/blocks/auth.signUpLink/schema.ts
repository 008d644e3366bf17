import { authLinkProps } from '../auth-link-props';
import { defineBlock } from '../define-block';

/** Sign-in: the link to the sign-up form, after an optional prompt. */
export default defineBlock({ type: 'auth.signUpLink', pages: ['sign-in'], props: authLinkProps });

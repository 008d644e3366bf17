import { authLinkProps } from '../auth-link-props';
import { defineBlock } from '../define-block';

/** Sign-in: the link to the forgot-password form, after an optional prompt. */
export default defineBlock({ type: 'auth.forgotLink', pages: ['sign-in'], props: authLinkProps });

import { authLinkProps } from '../auth-link-props';
import { defineBlock } from '../define-block';

/** The link back to the sign-in form, after an optional prompt. */
export default defineBlock({ type: 'auth.signInLink', pages: ['sign-up', 'forgot-password'], props: authLinkProps });

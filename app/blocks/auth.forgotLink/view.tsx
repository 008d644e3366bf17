import { authLinkBlock } from '~/components/auth/auth-form-state';

/** Sign-in: the link to the forgot-password form. */
export default authLinkBlock('forgot', 'auth.forgotLink');

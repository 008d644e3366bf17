import { authLinkBlock } from '~/components/auth/auth-form-state';

/** Sign-in: the link to the sign-up form. */
export default authLinkBlock('signUp', 'auth.createAccountLink');

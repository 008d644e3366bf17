import { authLinkBlock } from '~/components/auth/auth-form-state';

/** Sign-up and forgot password: the link back to the sign-in form. */
export default authLinkBlock('signIn', 'auth.signInLink');

/** Sign-in, sign-up and forgot-password dialogs opened by query parameters (identity work). */
export function AuthDialogs() {
  return null;
}

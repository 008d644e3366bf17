import { Field } from '~/components/auth/auth-fields';
import { useT } from '~/components/shell-context';
import { useAuthForm } from '~/components/auth/auth-form-state';

/** Shown unless the form signs up by e-mail only (the link asked for it, or the organisation offers nothing else). */
export default function AuthInvitationCodeBlock() {
  const t = useT();
  const { signupMode, invitationRequired, values, prefill, errorId, isInvalid } = useAuthForm();
  if (signupMode === 'email') return null;
  return (
    <Field
      label={t('auth.accessCode')}
      name="accesscode"
      autoComplete="off"
      defaultValue={values?.accesscode ?? prefill.accesscode}
      errorId={errorId}
      invalid={isInvalid('accesscode')}
      required={invitationRequired}
      maxLength={100}
    />
  );
}

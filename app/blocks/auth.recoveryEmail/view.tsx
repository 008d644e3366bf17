import { Field } from '~/components/auth/auth-fields';
import { useT } from '~/components/shell-context';
import { useAuthForm } from '~/components/auth/auth-form-state';

export default function AuthRecoveryEmailBlock() {
  const t = useT();
  const { errorId, isInvalid } = useAuthForm();
  return <Field label={t('auth.email')} name="email" type="email" autoComplete="email" errorId={errorId} invalid={isInvalid('email')} maxLength={254} />;
}

import { Field } from '~/components/auth/auth-fields';
import { useT } from '~/components/shell-context';
import { useAuthForm } from '~/components/auth/auth-form-state';

export default function AuthCredentialsBlock() {
  const t = useT();
  const form = useAuthForm();
  return (
    <>
      <Field
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="username"
        defaultValue={form.values?.email ?? form.prefill.email}
        errorId={form.errorId}
        invalid={form.isInvalid('email')}
        maxLength={254}
      />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        errorId={form.errorId}
        invalid={form.isInvalid('password')}
        maxLength={256}
      />
    </>
  );
}

import { Field } from '~/components/auth/auth-fields';
import { useT } from '~/components/shell-context';
import { useAuthForm } from '~/components/auth/auth-form-state';

export default function AuthNewAccountBlock() {
  const t = useT();
  const { values, prefill, errorId, isInvalid } = useAuthForm();
  return (
    <>
      <Field
        label={t('auth.firstName')}
        name="firstName"
        autoComplete="given-name"
        defaultValue={values?.firstName ?? prefill.firstname}
        errorId={errorId}
        invalid={isInvalid('firstName')}
        maxLength={100}
      />
      <Field
        label={t('auth.lastName')}
        name="lastName"
        autoComplete="family-name"
        defaultValue={values?.lastName ?? prefill.lastname}
        errorId={errorId}
        invalid={isInvalid('lastName')}
        maxLength={100}
      />
      <Field
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={values?.email ?? prefill.email}
        errorId={errorId}
        invalid={isInvalid('email')}
        maxLength={254}
      />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        errorId={errorId}
        invalid={isInvalid('password')}
        minLength={8}
        maxLength={256}
      />
    </>
  );
}

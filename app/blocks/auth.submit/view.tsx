import { Submit } from '~/components/auth/auth-fields';
import type { AuthLayoutKind } from '~/domain/auth-layouts';
import type { MessageKey } from '~/i18n';
import { type BlockProps, useMessage } from '../block-list';
import { useAuthForm } from '~/components/auth/auth-form-state';

const SUBMIT_LABELS: Record<AuthLayoutKind, MessageKey> = {
  signIn: 'auth.submitSignIn',
  signUp: 'auth.submitSignUp',
  forgotPassword: 'auth.submitForgot',
};

export default function AuthSubmitBlock({ block }: BlockProps<'auth.submit'>) {
  const message = useMessage();
  const { kind, busy } = useAuthForm();
  return <Submit busy={busy}>{message(block.props?.labelKey ?? SUBMIT_LABELS[kind])}</Submit>;
}

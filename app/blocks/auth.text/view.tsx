import { type BlockProps, useMessage } from '../block-list';

export default function AuthTextBlock({ block }: BlockProps<'auth.text'>) {
  const message = useMessage();
  return <p className="auth-intro">{message(block.props.textKey)}</p>;
}

import { useNonce } from '~/components/nonce';
import { useShell } from '~/components/shell-context';
import { chatScriptUrl } from '~/domain/chat';

/**
 * The configured live-chat provider's loader script, and nothing when the org has no chat.
 * Rendered on the server with the CSP nonce; React leaves it alone on hydration.
 */
export function ChatWidget() {
  const { org } = useShell();
  const nonce = useNonce();
  const src = chatScriptUrl(org.chat);
  if (!src) return null;
  switch (org.chat.provider) {
    case 'zendesk':
      // Zendesk's own snippet uses this id to find its configuration.
      return <script id="ze-snippet" async nonce={nonce} src={src} />;
    case 'tawkto':
      return <script id="tawkto-embed" async nonce={nonce} src={src} charSet="UTF-8" />;
    case 'none':
      return null;
  }
}

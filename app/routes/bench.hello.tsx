import type { MetaFunction } from '@remix-run/node';

/**
 * The baseline of the SSR benchmark (quality goal P1, bench/ssr.ts; docs/decisions/0007): a
 * bare Remix "hello world" route, rendered as a document by the same entry.server (React
 * stream, CSP nonce, hydration scripts) and the same server as every page, but without the
 * site's shell: the root loader answers no shell for it (see BARE_DOCUMENT_PATHS in root.tsx).
 */
export const meta: MetaFunction = () => [{ title: 'Hello' }];

export default function Hello() {
  return <p>Hello, world</p>;
}

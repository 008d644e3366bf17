import type { OrgConfig } from '#schemas/org-config.schema';
import { chatCspSources } from '~/domain/chat';

/** Headers every response carries, whatever produced it (S6). */
export const baselineHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
  // Non-document responses never need to run or embed anything.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
};

function originOf(template: string): string {
  return new URL(template.replace(/\{[a-z]\}/g, '0')).origin;
}

/** The CSP of an HTML document: a per-request nonce plus the org's own third parties only. */
export function documentCsp(nonce: string, org: OrgConfig, request: Request): string {
  const chat = chatCspSources(org.chat);
  const tiles = org.map?.tileServer ? [originOf(org.map.tileServer)] : [];
  const wsOrigin = new URL(request.url).origin.replace(/^http/, 'ws');
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, ...chat.script],
    'style-src': ["'self'", `'nonce-${nonce}'`, ...chat.style],
    'img-src': ["'self'", 'data:', ...tiles, ...chat.img],
    'font-src': ["'self'", ...chat.font],
    'connect-src': ["'self'", wsOrigin, ...chat.connect],
    'frame-src': chat.frame.length ? chat.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

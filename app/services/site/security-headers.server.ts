import type { OrgConfig } from '#schemas/org-config.schema';
import { chatCspSources } from '~/domain/chat';
import type { CardEntry } from '~/services/payments/runtime.server';
import { keptAnswers } from '~/domain/kept-answers';

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

type Sources = { script: string[]; style: string[]; frame: string[]; connect: string[]; img: string[] };

/**
 * What card entry needs. The sandbox: its card frame and challenge page (frames only; card data
 * goes from the frame to its own origin). Braintree (braintree-web is bundled, not fetched):
 * hosted-fields frames and images from the assets host, the client and GraphQL APIs and
 * analytics, and for 3-D Secure 2 Cardinal's Songbird script and its step-up frames (the
 * issuer's challenge page is nested inside Cardinal's frame, so no issuer host is listed). The
 * Drop-in UI (payments.cardProvider.ui 'drop-in') also loads its stylesheet from the assets host.
 */
export function cardEntryCspSources(cardEntry: CardEntry | null): Sources {
  if (!cardEntry) return { script: [], style: [], frame: [], connect: [], img: [] };
  if (cardEntry.kind === 'sandbox') return { script: [], style: [], frame: [new URL(cardEntry.origin).origin], connect: [], img: [] };
  const sandbox = cardEntry.environment === 'sandbox';
  return {
    script: [
      'https://js.braintreegateway.com',
      'https://assets.braintreegateway.com',
      sandbox ? 'https://songbirdstag.cardinalcommerce.com' : 'https://songbird.cardinalcommerce.com',
    ],
    style: ['https://assets.braintreegateway.com'],
    frame: ['https://assets.braintreegateway.com', 'https://*.cardinalcommerce.com'],
    connect: [
      sandbox ? 'https://api.sandbox.braintreegateway.com' : 'https://api.braintreegateway.com',
      sandbox ? 'https://client-analytics.sandbox.braintreegateway.com' : 'https://client-analytics.braintreegateway.com',
      sandbox ? 'https://payments.sandbox.braintree-api.com' : 'https://payments.braintree-api.com',
      'https://www.paypal.com',
      'https://*.cardinalcommerce.com',
    ],
    img: ['https://assets.braintreegateway.com'],
  };
}

/** Written once per organisation (a reloaded config is a new object), origin and card entry, split where the nonce goes. */
const keptPolicies = new WeakMap<OrgConfig, (key: string, write: () => string[]) => string[]>();
const NONCE_SLOT = '\u0000';
const KEPT_POLICIES_PER_ORG = 64;

/**
 * The CSP of an HTML document: a per-request nonce plus the org's own third parties and the
 * card entry's hosts only. `origin`: the document's own origin (the live-update socket connects
 * to it).
 */
export function documentCsp(nonce: string, org: OrgConfig, origin: string, cardEntry: CardEntry | null = null): string {
  let byOrigin = keptPolicies.get(org);
  // Origins come from the Host header: a bounded set, whatever a client sends.
  if (!byOrigin) keptPolicies.set(org, (byOrigin = keptAnswers(KEPT_POLICIES_PER_ORG)));
  const parts = byOrigin(`${origin} ${JSON.stringify(cardEntry)}`, () => writeDocumentCsp(NONCE_SLOT, org, origin, cardEntry).split(NONCE_SLOT));
  return parts.join(nonce);
}

function writeDocumentCsp(nonce: string, org: OrgConfig, origin: string, cardEntry: CardEntry | null): string {
  const chat = chatCspSources(org.chat);
  const card = cardEntryCspSources(cardEntry);
  const tiles = org.map?.tileServer ? [originOf(org.map.tileServer)] : [];
  const wsOrigin = origin.replace(/^http/, 'ws');
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, ...chat.script, ...card.script],
    'style-src': ["'self'", `'nonce-${nonce}'`, ...chat.style, ...card.style],
    'img-src': ["'self'", 'data:', ...tiles, ...chat.img, ...card.img],
    'font-src': ["'self'", ...chat.font],
    'connect-src': ["'self'", wsOrigin, ...chat.connect, ...card.connect],
    'frame-src': chat.frame.length || card.frame.length ? [...chat.frame, ...card.frame] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

// The sandbox's stand-in for Braintree's hosted fields: a card frame and a 3-D Secure challenge
// page served from the sandbox's own origin, and the client API they call on that origin. The
// embedding page never sees card data, only a nonce. (braintree-web refuses non-Braintree hosts,
// so production uses the real hosted fields behind the same app-side handle.)
//
// postMessage protocol (each side checks the other's origin; the frame posts only to `parent`):
//   frame → parent  {type:'ready', deviceData}                               once loaded; deviceData as
//                   Braintree's data collector gives it: '{"device_session_id":…,"correlation_id":…}'
//   parent → frame  {type:'tokenize', id, threeDSecure: null | {amount:'12.34'}}
//   parent → frame  {type:'verify', id, nonce, amount:'12.34'}               3-D Secure for a saved card's nonce
//   frame → parent  {type:'tokenized', id, ok:true, nonce, details:{brand,last4,expMonth,expYear},
//                    threeDSecure: null | {status:'succeeded'|'requires_payment_method'|'not_enrolled'}
//                                       | {status:'challenge_required', challengeId}}
//                   {type:'tokenized', id, ok:false, errors:[{field:'number'|'expiry'|'cvv'|'amount'|'nonce'|'base', message}]}
//                   (the answer to both tokenize and verify; field errors also show in the frame)
//   parent → frame  {type:'retrieve-3ds', id, challengeId}
//   frame → parent  {type:'3ds-result', id, status:'succeeded'|'requires_payment_method'|'unavailable', nonce?}
//   challenge page → parent  {type:'challenge-closed', challengeId}       after Submit or Cancel
// threeDSecure null means it was not asked for; 'not_enrolled' means the card takes no part
// (no liability shift: a sale requiring 3-D Secure is rejected, so the server decides).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CARD_FIELD_MESSAGES, parseAmount, parseCardEntry } from './rules';
import type { SandboxState } from './state';
import { escape as html } from './xml';

type FieldError = { field: string; message: string };

/** `parent` as an http(s) origin exactly (no path, query or credentials), else null. */
export function parentOrigin(value: string | null): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === value.replace(/\/$/, '') ? url.origin : null;
}

/** A JSON value safe inside an inline <script>. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(value));
}

function sendPage(response: ServerResponse, status: number, frameAncestors: string, render: (nonce: string) => string): void {
  const nonce = randomBytes(16).toString('base64');
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "connect-src 'self'",
      "img-src 'none'",
      "form-action 'none'",
      "base-uri 'none'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; '),
  });
  response.end(render(nonce));
}

function sendText(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(message);
}

type FrameLanguage = 'en' | 'es';
type FrameText =
  'cardDetails' | 'number' | 'expiry' | 'expiryPlaceholder' | 'cvv' | 'unavailable' | 'verifyTitle' | 'verifyIntro' | 'code' | 'codeHint' | 'codeMissing' | 'submit' | 'cancel';
type FrameCopy = Record<FrameText, string> & { fieldErrors: Record<keyof typeof CARD_FIELD_MESSAGES, string> };

/**
 * The frame and challenge page speak the embedding page's language (`lang`, e.g. es-MX), as an
 * issuer's challenge and a provider's card fields would: English unless it is Spanish.
 */
const FRAME_COPY: Record<FrameLanguage, FrameCopy> = {
  en: {
    cardDetails: 'Card details',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    cvv: 'CVV',
    unavailable: 'The card service is unavailable. Please try again.',
    fieldErrors: CARD_FIELD_MESSAGES,
    verifyTitle: 'Verify your payment',
    verifyIntro: 'Your card issuer (sandbox) sent you a one-time code. Enter it to approve this payment.',
    code: 'Verification code',
    codeHint: 'Sandbox: 1234 passes',
    codeMissing: 'Enter the verification code.',
    submit: 'Submit',
    cancel: 'Cancel',
  },
  es: {
    cardDetails: 'Datos de la tarjeta',
    number: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    expiryPlaceholder: 'MM/AA',
    cvv: 'CVV',
    unavailable: 'El servicio de tarjetas no está disponible. Inténtalo de nuevo.',
    fieldErrors: {
      number: 'Ingresa un número de tarjeta válido.',
      expiry: 'Ingresa la fecha de vencimiento en formato MM/AA.',
      expired: 'Esta tarjeta está vencida. Revisa la fecha de vencimiento.',
      cvv: 'Ingresa el código de seguridad de 3 dígitos (4 dígitos para American Express).',
    },
    verifyTitle: 'Verifica tu pago',
    verifyIntro: 'El banco emisor de tu tarjeta (sandbox) te envió un código de un solo uso. Ingrésalo para aprobar este pago.',
    code: 'Código de verificación',
    codeHint: 'Sandbox: usa 1234 para aprobar',
    codeMissing: 'Ingresa el código de verificación.',
    submit: 'Enviar',
    cancel: 'Cancelar',
  },
};

/** The page's language tag (`lang`) as one the frame speaks. */
export function frameLanguage(value: string | null): FrameLanguage {
  return /^es(-|$)/i.test(value ?? '') ? 'es' : 'en';
}

const STYLE = `
  *{box-sizing:border-box}
  html{font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#fff}
  body{margin:0;padding:4px}
  main{max-width:36rem}
  h1{font-size:1.125rem;margin:0 0 .5rem}
  .field{margin:0 0 .75rem}
  .row{display:flex;flex-wrap:wrap;gap:0 1rem}
  .row .field{flex:1 1 8rem}
  label{display:block;font-weight:600;margin-bottom:.25rem}
  .hint{display:block;font-weight:400;color:#4b5563;font-size:.875rem}
  input{width:100%;font:inherit;padding:.5rem .625rem;border:1px solid #6b7280;border-radius:6px;color:#1f2933;background:#fff}
  input:focus{outline:3px solid #1d4ed8;outline-offset:1px}
  input[aria-invalid=true]{border-color:#b91c1c}
  .error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}
  .error:empty{display:none}
  .actions{display:flex;gap:.75rem;flex-wrap:wrap}
  button{font:inherit;font-weight:600;padding:.5rem 1rem;border-radius:6px;border:1px solid #1d4ed8;cursor:pointer}
  button.primary{background:#1d4ed8;color:#fff}
  button.secondary{background:#fff;color:#1d4ed8}
  .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

function cardFramePage(nonce: string, parent: string, language: FrameLanguage): string {
  const copy = FRAME_COPY[language];
  // The card API answers in English; the cardholder reads each field's message in the frame's language.
  const fieldText = Object.fromEntries(Object.entries(CARD_FIELD_MESSAGES).map(([key, english]) => [english, copy.fieldErrors[key as keyof typeof CARD_FIELD_MESSAGES]]));
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(copy.cardDetails)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<form id="card" novalidate>
  <h1 class="visually-hidden">${html(copy.cardDetails)}</h1>
  <div class="field">
    <label for="number">${html(copy.number)}</label>
    <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" aria-describedby="number-error" required>
    <p class="error" id="number-error"></p>
  </div>
  <div class="row">
    <div class="field">
      <label for="expiry">${html(copy.expiry)}</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="${html(copy.expiryPlaceholder)}" aria-describedby="expiry-error" required>
      <p class="error" id="expiry-error"></p>
    </div>
    <div class="field">
      <label for="cvv">${html(copy.cvv)}</label>
      <input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" aria-describedby="cvv-error" required>
      <p class="error" id="cvv-error"></p>
    </div>
  </div>
  <p class="error" id="base-error" role="alert"></p>
</form>
</main>
<script nonce="${nonce}">
(() => {
  const PARENT = ${scriptJson(parent)};
  const FIELD_TEXT = ${scriptJson(fieldText)};
  const FIELDS = ['number', 'expiry', 'cvv'];
  const post = (message) => window.parent.postMessage(message, PARENT);
  const form = document.getElementById('card');
  form.addEventListener('submit', (event) => event.preventDefault());

  function showErrors(errors) {
    const byField = {};
    for (const error of errors) if (!byField[error.field]) byField[error.field] = Object.hasOwn(FIELD_TEXT, error.message) ? FIELD_TEXT[error.message] : error.message;
    let first = null;
    for (const field of FIELDS) {
      const input = document.getElementById(field);
      document.getElementById(field + '-error').textContent = byField[field] || '';
      if (byField[field]) {
        input.setAttribute('aria-invalid', 'true');
        first = first || input;
      } else {
        input.removeAttribute('aria-invalid');
      }
    }
    const other = errors.filter((error) => !FIELDS.includes(error.field)).map((error) => error.message);
    document.getElementById('base-error').textContent = other.join(' ');
    if (first) first.focus();
  }

  async function call(method, path, body) {
    try {
      const response = await fetch(path, {
        method,
        headers: body ? { 'Content-Type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
        credentials: 'omit',
      });
      return { status: response.status, data: await response.json() };
    } catch {
      return { status: 0, data: null };
    }
  }

  const UNAVAILABLE = [{ field: 'base', message: ${scriptJson(copy.unavailable)} }];

  async function tokenized(id, path, body) {
    const { status, data } = await call('POST', path, body);
    if (status === 200 && data && typeof data.nonce === 'string') {
      showErrors([]);
      post({ type: 'tokenized', id, ok: true, nonce: data.nonce, details: data.details, threeDSecure: data.threeDSecure });
      return;
    }
    const errors = data && Array.isArray(data.errors) ? data.errors : UNAVAILABLE;
    showErrors(errors);
    post({ type: 'tokenized', id, ok: false, errors });
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== PARENT || event.source !== window.parent) return;
    const message = event.data;
    if (!message || typeof message !== 'object' || typeof message.id !== 'string') return;
    const id = message.id;
    if (message.type === 'tokenize') {
      const card = { number: form.number.value, expiry: form.expiry.value, cvv: form.cvv.value };
      void tokenized(id, '/client_api/v1/tokenize', { ...card, threeDSecure: message.threeDSecure || null });
    } else if (message.type === 'verify' && typeof message.nonce === 'string') {
      void tokenized(id, '/client_api/v1/three_d_secure/verify', { nonce: message.nonce, amount: message.amount });
    } else if (message.type === 'retrieve-3ds' && typeof message.challengeId === 'string') {
      void call('GET', '/client_api/v1/three_d_secure/' + encodeURIComponent(message.challengeId)).then(({ status, data }) => {
        if (status === 200 && data && typeof data.status === 'string') post({ type: '3ds-result', id, status: data.status, nonce: data.nonce });
        else post({ type: '3ds-result', id, status: 'unavailable' });
      });
    }
  });
  // What Braintree's data collector gives the page: a device session for the gateway's risk check.
  const session = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  post({ type: 'ready', deviceData: JSON.stringify({ device_session_id: session(), correlation_id: session() }) });
})();
</script>
</body>
</html>`;
}

function challengePage(nonce: string, parent: string, challengeId: string, language: FrameLanguage): string {
  const copy = FRAME_COPY[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(copy.verifyTitle)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<h1>${html(copy.verifyTitle)}</h1>
<p>${html(copy.verifyIntro)}</p>
<form id="challenge" novalidate>
  <div class="field">
    <label for="code">${html(copy.code)} <span class="hint">${html(copy.codeHint)}</span></label>
    <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
  </div>
  <p class="error" id="error" role="alert"></p>
  <div class="actions">
    <button type="submit" class="primary" disabled>${html(copy.submit)}</button>
    <button type="button" class="secondary" id="cancel" disabled>${html(copy.cancel)}</button>
  </div>
</form>
</main>
<script nonce="${nonce}">
(() => {
  const PARENT = ${scriptJson(parent)};
  const CHALLENGE = ${scriptJson(challengeId)};
  const form = document.getElementById('challenge');
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    window.parent.postMessage({ type: 'challenge-closed', challengeId: CHALLENGE }, PARENT);
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const code = form.code.value.trim();
    if (!code) {
      document.getElementById('error').textContent = ${scriptJson(copy.codeMissing)};
      form.code.focus();
      return;
    }
    try {
      await fetch('/client_api/v1/three_d_secure/' + encodeURIComponent(CHALLENGE) + '/authenticate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code }),
        credentials: 'omit',
      });
    } finally {
      close();
    }
  });
  document.getElementById('cancel').addEventListener('click', close);
  // The buttons are born disabled: clicked before this script runs, Submit would post the form
  // natively (reloading the challenge, never telling the parent) and Cancel would do nothing.
  for (const button of form.querySelectorAll('button')) button.disabled = false;
})();
</script>
</body>
</html>`;
}

/**
 * Serves the card frame, the challenge page and the client API; false when the path is none of
 * them (the caller goes on to the server API). `body` is the parsed JSON body.
 */
export function handleCardFrame(state: SandboxState, request: IncomingMessage, response: ServerResponse, body: Record<string, unknown>): boolean {
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', 'http://sandbox');
  const path = url.pathname;

  if (method === 'GET' && path === '/card-frame') {
    const parent = parentOrigin(url.searchParams.get('parent'));
    if (!parent) sendText(response, 400, 'parent: must be the http(s) origin of the embedding page, e.g. https://shop.example');
    else sendPage(response, 200, parent, (nonce) => cardFramePage(nonce, parent, frameLanguage(url.searchParams.get('lang'))));
    return true;
  }

  const challengePath = /^\/three-d-secure\/challenge\/([^/]+)$/.exec(path);
  if (method === 'GET' && challengePath) {
    const parent = parentOrigin(url.searchParams.get('parent'));
    const challengeId = decodeURIComponent(challengePath[1] ?? '');
    if (!parent) sendText(response, 400, 'parent: must be the http(s) origin of the embedding page, e.g. https://shop.example');
    else if (!state.challengePending(challengeId)) sendText(response, 404, 'No 3-D Secure challenge is waiting here.');
    else sendPage(response, 200, parent, (nonce) => challengePage(nonce, parent, challengeId, frameLanguage(url.searchParams.get('lang'))));
    return true;
  }

  if (!path.startsWith('/client_api/v1/')) return false;
  // Only the sandbox's own pages call this API: a browser request from any other origin is refused
  // (they would also need CORS, which is never answered).
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${request.headers.host ?? ''}`) {
    sendJson(response, 403, { errors: [{ field: 'base', message: 'Cross-origin requests are not accepted.' }] });
    return true;
  }

  const resultPath = /^\/client_api\/v1\/three_d_secure\/([^/]+)$/.exec(path);
  const authenticatePath = /^\/client_api\/v1\/three_d_secure\/([^/]+)\/authenticate$/.exec(path);
  const answer = (status: number, value: unknown): true => {
    sendJson(response, status, value);
    return true;
  };
  const amountError = (value: unknown): FieldError[] => {
    const cents = parseAmount(value);
    return cents === null || cents === 0 ? [{ field: 'amount', message: "amount: must be a positive decimal amount such as '12.34'." }] : [];
  };

  if (method === 'POST' && path === '/client_api/v1/tokenize') {
    const card = parseCardEntry(body, state.now());
    const threeDSecure = body.threeDSecure ?? null;
    const errors: FieldError[] = card.ok ? [] : [...card.errors];
    if (threeDSecure !== null && typeof threeDSecure !== 'object') errors.push({ field: 'base', message: 'threeDSecure: must be null or {amount}.' });
    if (typeof threeDSecure === 'object' && threeDSecure !== null) errors.push(...amountError('amount' in threeDSecure ? threeDSecure.amount : undefined));
    if (!card.ok || errors.length > 0) return answer(422, { errors });
    const { number, cardType, expirationMonth, expirationYear } = card;
    return answer(200, state.frameTokenize({ number, cardType, expirationMonth, expirationYear }, threeDSecure !== null));
  }

  if (method === 'POST' && path === '/client_api/v1/three_d_secure/verify') {
    const errors = amountError(body.amount);
    if (typeof body.nonce !== 'string' || body.nonce === '') errors.push({ field: 'nonce', message: 'nonce: required.' });
    if (errors.length > 0 || typeof body.nonce !== 'string') return answer(422, { errors });
    const verified = state.frameVerify(body.nonce);
    return 'error' in verified ? answer(422, { errors: [{ field: 'nonce', message: verified.error }] }) : answer(200, verified);
  }

  if (method === 'POST' && authenticatePath) {
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (code === '') return answer(422, { errors: [{ field: 'code', message: 'code: required.' }] });
    const result = state.authenticateChallenge(decodeURIComponent(authenticatePath[1] ?? ''), code);
    return 'error' in result ? answer(result.httpStatus, { errors: [{ field: 'base', message: result.error }] }) : answer(200, result);
  }

  if (method === 'GET' && resultPath) {
    const result = state.challengeResult(decodeURIComponent(resultPath[1] ?? ''));
    return result ? answer(200, result) : answer(404, { errors: [{ field: 'base', message: 'Unknown 3-D Secure challenge.' }] });
  }

  sendJson(response, 404, { errors: [{ field: 'base', message: `No client API ${method} ${path}` }] });
  return true;
}

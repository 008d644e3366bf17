// The client card port: one handle over two card collectors, so checkout code never sees card
// data, only a nonce. Development and tests: the sandbox gateway's card frame (its own origin,
// postMessage protocol in server/sandbox-gateway/card-frame.ts). Production: braintree-web hosted
// fields and 3-D Secure 2, imported only when the config says braintree.
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { Dialog } from '~/components/dialog';
import type { T } from '~/components/shell-context';
import { useOptionalMessages } from '~/i18n/messages-context';
import { logCardStep } from '~/components/payments/card-process-log';
import { warnOnConsole } from '~/domain/console-notes';
import type { CardProcessStep } from '~/domain/process-log';
import {
  amountForThreeDSecure,
  CARD_ENTRY_LABELS,
  CARD_ENTRY_MESSAGES,
  type CardEntryFailure,
  type CardEntryLabel,
  cardElementId,
  type CardEntryConfig,
  type CardEntryResult,
  type CardProviderUi,
  cardEntryView,
  cardFrameUrl,
  challengeUrl,
  dropInLocale,
  type FrameMessage,
  parseFrameMessage,
  resultAfterChallenge,
  resultFromBraintreeThreeDSecure,
  stepAfterTokenized,
  THREE_D_SECURE_COMPLETE_DELAY_MS,
} from '~/domain/card-entry';

export type { CardEntryConfig, CardEntryResult } from '~/domain/card-entry';

export type CardEntryHandle = {
  /** Tokenizes the card typed in the fields; with `threeDSecure`, authenticates it for `amountMinor`. */
  tokenize(input: { amountMinor: number; threeDSecure: boolean }): Promise<CardEntryResult>;
  /** 3-D Secure for a saved card: `nonce` from the server for the vaulted card (`bin` helps Braintree). */
  verifySavedCard(input: { nonce: string; amountMinor: number; bin?: string }): Promise<CardEntryResult>;
  /** The page's device data for the gateway's risk check (Braintree's data collector, the sandbox frame's); null when none was gathered. */
  deviceData(): Promise<string | null>;
};

export type CardEntryProps = {
  config: CardEntryConfig;
  /** Keeps the fields out of sight (a saved card is paying) while verifySavedCard still works. */
  hidden?: boolean;
  /** The organisation's `payments.cardProvider.ui`; only a live card provider shows it. */
  ui: CardProviderUi;
  /** The page's language (e.g. es-MX): the sandbox's card frame and challenge page speak it. */
  language: string;
};

export const CardEntry = forwardRef<CardEntryHandle, CardEntryProps>(function CardEntry({ config, hidden = false, ui, language }, ref) {
  if (config.kind === 'sandbox') return <SandboxCardEntry ref={ref} origin={config.origin} hidden={hidden} language={language} />;
  return cardEntryView(config, ui) === 'drop-in' ? (
    <DropInCardEntry ref={ref} config={config} hidden={hidden} language={language} />
  ) : (
    <BraintreeCardEntry ref={ref} config={config} hidden={hidden} />
  );
});

/** The card entry's words in the page's language, or English on a page without strings. */
function useCardEntryLabels(): (key: CardEntryLabel) => string {
  const messages = useOptionalMessages();
  return (key) => messages?.[key] ?? CARD_ENTRY_LABELS[key];
}

/** What a failed card entry tells the cardholder, in the page's language (the port's own messages are English). */
export function cardFailureText(failure: CardEntryFailure, t: T): string {
  if (failure.reason === 'requires_payment_method') return t('payment.anotherMethod');
  if (failure.reason === 'invalid') return t('cardEntry.invalid');
  return failure.message === CARD_ENTRY_MESSAGES.busy ? t('cardEntry.busy') : t('cardEntry.unavailable');
}

const unavailable: CardEntryResult = { ok: false, reason: 'unavailable', message: CARD_ENTRY_MESSAGES.unavailable };
const READY_TIMEOUT_MS = 15_000;
const ANSWER_TIMEOUT_MS = 30_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Spec §7: each card provider step goes to the process log, with its outcome (never card data). */
function logResult(step: CardProcessStep, result: CardEntryResult): CardEntryResult {
  logCardStep(step, result.ok ? 'ok' : 'failed', result.ok ? undefined : result.reason);
  return result;
}

type Answer = Exclude<FrameMessage, { type: 'ready' } | { type: 'challenge-closed' }>;

/** Requests to the frame and their answers, matched by id; lives as long as the component. */
class FrameChannel {
  private readyPromise: Promise<void>;
  private resolveReady: () => void = () => {};
  private readonly pending = new Map<string, (answer: Answer) => void>();
  private counter = 0;
  /** What the frame's device data collection gave when it loaded. */
  deviceData: string | null = null;

  constructor() {
    this.readyPromise = new Promise((resolve) => (this.resolveReady = resolve));
  }

  markReady(deviceData: string | null): void {
    this.deviceData = deviceData;
    this.resolveReady();
  }

  answer(message: Answer): void {
    this.pending.get(message.id)?.(message);
    this.pending.delete(message.id);
  }

  /** Posts `build(id)` once the frame is ready; null when it never becomes ready or never answers. */
  async request(post: (message: object) => boolean, build: (id: string) => object): Promise<Answer | null> {
    const ready = await Promise.race([this.readyPromise.then(() => true), wait(READY_TIMEOUT_MS).then(() => false)]);
    if (!ready) {
      warnOnConsole('paymentSdk', 'the card frame did not load');
      return null;
    }
    this.counter += 1;
    const id = `${Date.now().toString(36)}-${this.counter}`;
    const answered = new Promise<Answer>((resolve) => this.pending.set(id, resolve));
    if (!post(build(id))) {
      this.pending.delete(id);
      return null;
    }
    const answer = await Promise.race([answered, wait(ANSWER_TIMEOUT_MS).then(() => null)]);
    this.pending.delete(id);
    return answer;
  }
}

const SandboxCardEntry = forwardRef<CardEntryHandle, { origin: string; hidden: boolean; language: string }>(function SandboxCardEntry({ origin, hidden, language }, ref) {
  const sandboxOrigin = new URL(origin).origin;
  const frameId = cardElementId(useId(), 'frame');
  const frameRef = useRef<HTMLIFrameElement>(null);
  const challengeFrameRef = useRef<HTMLIFrameElement>(null);
  const channel = useRef(new FrameChannel()).current;
  // The page's own origin is only known in the browser; the frame renders after hydration.
  const [pageOrigin, setPageOrigin] = useState<string | null>(null);
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const closeChallenge = useRef<((id: string | null) => void) | null>(null);
  const busy = useRef(false);
  const label = useCardEntryLabels();

  useEffect(() => setPageOrigin(window.location.origin), []);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== sandboxOrigin) return;
      const message = parseFrameMessage(event.data);
      if (!message) return;
      if (message.type === 'challenge-closed') {
        if (event.source === challengeFrameRef.current?.contentWindow) closeChallenge.current?.(message.challengeId);
        return;
      }
      if (event.source !== frameRef.current?.contentWindow) return;
      if (message.type === 'ready') {
        channel.markReady(message.deviceData);
        logCardStep('init', 'ok');
      } else channel.answer(message);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [channel, sandboxOrigin]);

  const post = (message: object): boolean => {
    const target = frameRef.current?.contentWindow;
    if (!target) return false;
    target.postMessage(message, sandboxOrigin);
    return true;
  };

  /** Opens the challenge dialog and waits for it to close (Submit, Cancel, Escape or ×). */
  const challenge = (id: string) =>
    new Promise<void>((resolve) => {
      closeChallenge.current = (closedId) => {
        if (closedId !== null && closedId !== id) return;
        closeChallenge.current = null;
        setChallengeId(null);
        resolve();
      };
      setChallengeId(id);
    });

  async function finish(answer: Answer | null): Promise<CardEntryResult> {
    if (!answer || answer.type !== 'tokenized') return logResult('submit_card', unavailable);
    const step = stepAfterTokenized(answer);
    if (step.kind === 'done') return logResult('submit_card', step.result);
    logCardStep('submit_card', 'ok', 'challenge_required');
    await challenge(step.challengeId);
    // Spec §4: on close, the payment result is retrieved.
    const result = await channel.request(post, (id) => ({ type: 'retrieve-3ds', id, challengeId: step.challengeId }));
    if (!result || result.type !== '3ds-result') return logResult('retrieve_payment_intent', unavailable);
    const outcome = logResult('retrieve_payment_intent', resultAfterChallenge(result, step));
    if (outcome.ok) await wait(THREE_D_SECURE_COMPLETE_DELAY_MS);
    return outcome;
  }

  async function exclusive(run: () => Promise<CardEntryResult>): Promise<CardEntryResult> {
    if (busy.current) return { ok: false, reason: 'unavailable', message: CARD_ENTRY_MESSAGES.busy };
    busy.current = true;
    try {
      return await run();
    } finally {
      busy.current = false;
    }
  }

  useImperativeHandle(ref, () => ({
    tokenize: ({ amountMinor, threeDSecure }) =>
      exclusive(async () => {
        const secure = threeDSecure ? { amount: amountForThreeDSecure(amountMinor) } : null;
        return finish(await channel.request(post, (id) => ({ type: 'tokenize', id, threeDSecure: secure })));
      }),
    verifySavedCard: ({ nonce, amountMinor }) =>
      exclusive(async () => finish(await channel.request(post, (id) => ({ type: 'verify', id, nonce, amount: amountForThreeDSecure(amountMinor) })))),
    deviceData: async () => channel.deviceData,
  }));

  return (
    <>
      {pageOrigin ? (
        <iframe
          ref={frameRef}
          id={frameId}
          className="card-entry-frame"
          title={label('cardEntry.frameTitle')}
          src={cardFrameUrl(sandboxOrigin, pageOrigin, language)}
          hidden={hidden}
          {...(hidden ? { tabIndex: -1, 'aria-hidden': true } : {})}
        />
      ) : (
        <div className="card-entry-frame" hidden={hidden} />
      )}
      <Dialog
        open={challengeId !== null && pageOrigin !== null}
        title={label('cardEntry.threeDSecure')}
        closeLabel={label('cardEntry.cancelThreeDSecure')}
        onClose={() => closeChallenge.current?.(null)}
      >
        {challengeId && pageOrigin ? (
          <iframe
            ref={challengeFrameRef}
            className="three-d-secure-frame"
            title={label('cardEntry.challengeTitle')}
            src={challengeUrl(sandboxOrigin, challengeId, pageOrigin, language)}
          />
        ) : null}
      </Dialog>
    </>
  );
});

type BraintreeConfig = Extract<CardEntryConfig, { kind: 'braintree' }>;
type ThreeDSecure = import('braintree-web/three-d-secure').ThreeDSecure;
type BraintreeParts = {
  fields: import('braintree-web/hosted-fields').HostedFields | null;
  secure: ThreeDSecure;
  deviceData: string | null;
  teardown: () => Promise<void>;
};

type Client = import('braintree-web/client').Client;

/**
 * Braintree's data collector on this page (device data for its risk check, sent with the sale).
 * Its failure costs only the device data, never the payment.
 */
async function collectDeviceData(client: Client): Promise<{ deviceData: string | null; teardown: () => Promise<void> }> {
  try {
    const collector = await (await import('braintree-web/data-collector')).create({ client });
    return { deviceData: collector.deviceData, teardown: () => collector.teardown() };
  } catch {
    warnOnConsole('paymentSdk', 'device data was not collected');
    return { deviceData: null, teardown: async () => {} };
  }
}

/** 3-D Secure 2 through braintree-web (hosted fields and Drop-in alike); Cardinal's own modal runs any challenge. */
async function verify(secure: ThreeDSecure, nonce: string, amountMinor: number, card: { brand: string; last4: string }, bin?: string): Promise<CardEntryResult> {
  let challenged = false;
  try {
    const payload = await secure.verifyCard({
      amount: amountForThreeDSecure(amountMinor),
      nonce,
      ...(bin ? { bin } : {}),
      onLookupComplete: (data, next) => {
        challenged = data.requiresUserAuthentication === true;
        next();
      },
    });
    const result = logResult('retrieve_payment_intent', resultFromBraintreeThreeDSecure(payload, card));
    if (result.ok && challenged) await wait(THREE_D_SECURE_COMPLETE_DELAY_MS);
    return result;
  } catch (error) {
    // The cardholder closed Cardinal's challenge: as a failed authentication, ask for another method.
    if (errorCode(error).startsWith('THREEDS_CARDINAL_SDK_CANCELED')) {
      return logResult('retrieve_payment_intent', { ok: false, reason: 'requires_payment_method', message: CARD_ENTRY_MESSAGES.anotherMethod });
    }
    return logResult('retrieve_payment_intent', unavailable);
  }
}

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';
}

/**
 * Production: Braintree's hosted fields (card data stays in Braintree's frames) and 3-D Secure 2
 * (Cardinal's own modal runs any challenge). Not exercised offline: braintree-web only talks to
 * Braintree's hosts.
 */
const BraintreeCardEntry = forwardRef<CardEntryHandle, { config: BraintreeConfig; hidden: boolean }>(function BraintreeCardEntry({ config, hidden }, ref) {
  const id = useId();
  const parts = useRef<Promise<BraintreeParts> | null>(null);
  const label = useCardEntryLabels();
  const [numberLabel, expiryLabel, expiryPlaceholder, cvvLabel] = [
    label('cardEntry.number'),
    label('cardEntry.expiry'),
    label('cardEntry.expiryPlaceholder'),
    label('cardEntry.cvv'),
  ];

  useEffect(() => {
    const setup = (async (): Promise<BraintreeParts> => {
      const [client, hostedFields, threeDSecure] = await Promise.all([
        import('braintree-web/client'),
        import('braintree-web/hosted-fields'),
        import('braintree-web/three-d-secure'),
      ]);
      const clientInstance = await client.create({ authorization: config.clientToken });
      const [fields, secure, device] = await Promise.all([
        hidden
          ? null
          : hostedFields.create({
              client: clientInstance,
              fields: {
                number: { container: `#${cardElementId(id, 'number')}`, internalLabel: numberLabel },
                expirationDate: { container: `#${cardElementId(id, 'expiry')}`, internalLabel: expiryLabel, placeholder: expiryPlaceholder },
                cvv: { container: `#${cardElementId(id, 'cvv')}`, internalLabel: cvvLabel },
              },
            }),
        threeDSecure.create({ client: clientInstance, version: 2 }),
        collectDeviceData(clientInstance),
      ]);
      return {
        fields,
        secure,
        deviceData: device.deviceData,
        teardown: async () => void (await Promise.allSettled([fields?.teardown(), secure.teardown(), device.teardown(), clientInstance.teardown()])),
      };
    })();
    parts.current = setup;
    setup.then(
      () => logCardStep('init', 'ok'),
      () => {
        warnOnConsole('paymentSdk');
        logCardStep('init', 'failed', 'unavailable');
      },
    );
    return () => {
      parts.current = null;
      setup.then((ready) => ready.teardown()).catch(() => {});
    };
  }, [config.clientToken, hidden, id, numberLabel, expiryLabel, expiryPlaceholder, cvvLabel]);

  useImperativeHandle(ref, () => ({
    async tokenize({ amountMinor, threeDSecure }) {
      const ready = await parts.current?.catch(() => null);
      if (!ready?.fields) {
        warnOnConsole(ready ? 'paymentSdk' : 'paymentInfo');
        return logResult('submit_card', unavailable);
      }
      let payload: Awaited<ReturnType<NonNullable<BraintreeParts['fields']>['tokenize']>>;
      try {
        payload = await ready.fields.tokenize();
      } catch (error) {
        return logResult(
          'submit_card',
          errorCode(error).startsWith('HOSTED_FIELDS_FIELDS_') ? { ok: false, reason: 'invalid', message: CARD_ENTRY_MESSAGES.invalid } : unavailable,
        );
      }
      const card = { brand: payload.details.cardType, last4: payload.details.lastFour };
      if (!threeDSecure) return logResult('submit_card', { ok: true, nonce: payload.nonce, ...card, threeDSecure: null });
      logCardStep('submit_card', 'ok');
      return verify(ready.secure, payload.nonce, amountMinor, card, payload.details.bin);
    },
    async verifySavedCard({ nonce, amountMinor, bin }) {
      const ready = await parts.current?.catch(() => null);
      if (!ready) {
        warnOnConsole('paymentInfo');
        return unavailable;
      }
      return verify(ready.secure, nonce, amountMinor, { brand: '', last4: '' }, bin);
    },
    deviceData: async () => (await parts.current?.catch(() => null))?.deviceData ?? null,
  }));

  if (hidden) return null;
  return (
    <div className="card-entry-hosted">
      {(
        [
          ['number', numberLabel],
          ['expiry', expiryLabel],
          ['cvv', cvvLabel],
        ] as const
      ).map(([field, label]) => (
        <div key={field} className="card-entry-hosted-field">
          <span className="card-entry-hosted-label" aria-hidden="true">
            {label}
          </span>
          <div id={cardElementId(id, field)} className="card-entry-hosted-input" />
        </div>
      ))}
    </div>
  );
});

type DropInParts = {
  dropin: import('braintree-web-drop-in').Dropin | null;
  secure: ThreeDSecure;
  deviceData: string | null;
  teardown: () => Promise<void>;
};

/**
 * Production with `payments.cardProvider.ui: 'drop-in'`: Braintree's Drop-in UI collects the card
 * in its own frames; 3-D Secure runs through braintree-web as with hosted fields, so both UIs
 * give the checkout the same results. Not exercised offline (Braintree's hosts only).
 */
const DropInCardEntry = forwardRef<CardEntryHandle, { config: BraintreeConfig; hidden: boolean; language: string }>(function DropInCardEntry({ config, hidden, language }, ref) {
  const containerId = cardElementId(useId(), 'dropin');
  const parts = useRef<Promise<DropInParts> | null>(null);

  useEffect(() => {
    const setup = (async (): Promise<DropInParts> => {
      const [dropinModule, client, threeDSecure] = await Promise.all([import('braintree-web-drop-in'), import('braintree-web/client'), import('braintree-web/three-d-secure')]);
      const clientInstance = await client.create({ authorization: config.clientToken });
      const [dropin, secure, device] = await Promise.all([
        hidden
          ? null
          : dropinModule.create({
              authorization: config.clientToken,
              container: `#${containerId}`,
              locale: dropInLocale(language),
              card: { cardholderName: false },
              vaultManager: false,
            }),
        threeDSecure.create({ client: clientInstance, version: 2 }),
        collectDeviceData(clientInstance),
      ]);
      return {
        dropin,
        secure,
        deviceData: device.deviceData,
        teardown: async () => void (await Promise.allSettled([dropin?.teardown(), secure.teardown(), device.teardown(), clientInstance.teardown()])),
      };
    })();
    parts.current = setup;
    setup.then(
      () => logCardStep('init', 'ok'),
      () => {
        warnOnConsole('paymentSdk');
        logCardStep('init', 'failed', 'unavailable');
      },
    );
    return () => {
      parts.current = null;
      setup.then((ready) => ready.teardown()).catch(() => {});
    };
  }, [config.clientToken, hidden, containerId, language]);

  useImperativeHandle(ref, () => ({
    async tokenize({ amountMinor, threeDSecure }) {
      const ready = await parts.current?.catch(() => null);
      if (!ready?.dropin) {
        warnOnConsole(ready ? 'paymentSdk' : 'paymentInfo');
        return logResult('submit_card', unavailable);
      }
      let payload: import('braintree-web-drop-in').PaymentMethodPayload;
      try {
        payload = await ready.dropin.requestPaymentMethod();
      } catch {
        // Drop-in shows what is wrong with the card in its own form.
        return logResult('submit_card', { ok: false, reason: 'invalid', message: CARD_ENTRY_MESSAGES.invalid });
      }
      if (payload.type !== 'CreditCard') return logResult('submit_card', unavailable);
      const card = { brand: payload.details.cardType, last4: payload.details.lastFour };
      if (!threeDSecure) return logResult('submit_card', { ok: true, nonce: payload.nonce, ...card, threeDSecure: null });
      logCardStep('submit_card', 'ok');
      return verify(ready.secure, payload.nonce, amountMinor, card, payload.details.bin);
    },
    async verifySavedCard({ nonce, amountMinor, bin }) {
      const ready = await parts.current?.catch(() => null);
      if (!ready) {
        warnOnConsole('paymentInfo');
        return unavailable;
      }
      return verify(ready.secure, nonce, amountMinor, { brand: '', last4: '' }, bin);
    },
    deviceData: async () => (await parts.current?.catch(() => null))?.deviceData ?? null,
  }));

  if (hidden) return null;
  return <div id={containerId} className="card-entry-dropin" />;
});

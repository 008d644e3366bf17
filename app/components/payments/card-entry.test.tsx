import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type CardEntryConfig, type CardProviderUi, cardEntryView } from '~/domain/card-entry';
import { CardEntry } from './card-entry';

const sandbox: CardEntryConfig = { kind: 'sandbox', origin: 'http://127.0.0.1:4010' };
const live = (environment: 'sandbox' | 'production'): CardEntryConfig => ({ kind: 'braintree', environment, clientToken: 'token' });

/** Which collector the server renders for a config and the organisation's `payments.cardProvider.ui`. */
function rendered(config: CardEntryConfig, ui: CardProviderUi): string {
  const html = renderToString(<CardEntry config={config} ui={ui} language="en-US" />);
  if (html.includes('card-entry-hosted')) return 'hosted-fields';
  if (html.includes('card-entry-dropin')) return 'drop-in';
  if (html.includes('card-entry-frame')) return 'sandbox-frame';
  return html;
}

describe('the card UI follows payments.cardProvider.ui in live mode only (issue 10)', () => {
  it('the sandbox gateway keeps our card frame for both choices', () => {
    expect(cardEntryView(sandbox, 'hosted-fields')).toBe('sandbox-frame');
    expect(cardEntryView(sandbox, 'drop-in')).toBe('sandbox-frame');
    expect(rendered(sandbox, 'hosted-fields')).toBe('sandbox-frame');
    expect(rendered(sandbox, 'drop-in')).toBe('sandbox-frame');
  });

  it('live Braintree (its sandbox or production environment) shows hosted fields or Drop-in as configured', () => {
    for (const environment of ['sandbox', 'production'] as const) {
      expect(cardEntryView(live(environment), 'hosted-fields')).toBe('hosted-fields');
      expect(cardEntryView(live(environment), 'drop-in')).toBe('drop-in');
      expect(rendered(live(environment), 'hosted-fields')).toBe('hosted-fields');
      expect(rendered(live(environment), 'drop-in')).toBe('drop-in');
    }
  });
});

// Browser entry for test/e2e/card-entry.spec.ts: the real <CardEntry> component on a bare page
// (bundled by the test with esbuild), its handle exposed as window.cardEntry.
import { createElement, createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { CardEntry, type CardEntryHandle } from '~/components/payments/card-entry';

type Harness = { origin: string; hidden: boolean };

const config: unknown = Reflect.get(window, 'harnessConfig');
const { origin, hidden } = config as Harness;
const ref = createRef<CardEntryHandle>();
const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(createElement(CardEntry, { ref, config: { kind: 'sandbox', origin }, hidden, ui: 'hosted-fields', language: 'en-US' }));

const handle: CardEntryHandle = {
  tokenize: (input) => (ref.current ? ref.current.tokenize(input) : Promise.reject(new Error('not mounted'))),
  verifySavedCard: (input) => (ref.current ? ref.current.verifySavedCard(input) : Promise.reject(new Error('not mounted'))),
  deviceData: () => (ref.current ? ref.current.deviceData() : Promise.reject(new Error('not mounted'))),
};
Reflect.set(window, 'cardEntry', handle);

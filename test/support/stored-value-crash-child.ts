// A second app instance that dies mid-checkout (test/integration/stored-value-faults.test.ts):
// it applies a cash card to the member's hold, freezes the payable total and begins the card
// payment against the sandbox gateway, whose sale the test holds back; the test kills it with
// SIGKILL once the payment attempt is written. Run with `node --import tsx`; its input is the
// JSON in STORED_VALUE_CRASH (see `CrashInput`).
import { getOrgById, loadConfigRegistry } from '~/services/config/config.server';
import { openDatabase, setDatabase } from '~/services/platform/db.server';
import { initBookingAction } from '~/http/pay-call.server';
import { configurePayments } from '~/services/payments/runtime.server';
import { applyToHold, payableOfHold } from '~/services/stored-value/stored-value.server';
import { bookingEndpoints } from '~/api/booking-endpoints.server';
import { SANDBOX_CREDENTIALS } from '../../server/sandbox-gateway/index';
import { callAction, loadContextFor } from './load-context';

const generatePgTokenRoute = bookingEndpoints['/api/booking/generatePgToken'].action;

export type CrashInput = {
  databaseUrl: string;
  sandboxUrl: string;
  host: string;
  cookie: string;
  member: { orgId: string; userId: number };
  holdToken: string;
  holdId: string;
  reference: string;
  instrumentId: string;
  amount: string;
};

const input = JSON.parse(process.env.STORED_VALUE_CRASH ?? '') as CrashInput;
loadConfigRegistry();
setDatabase(await openDatabase({ databaseUrl: input.databaseUrl, poolSize: 2 }));
configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: input.sandboxUrl }, timeoutMs: 60_000 });
const org = getOrgById(input.member.orgId)!;

const applied = await applyToHold(input.member, input.holdToken, { kind: 'cash_card', instrumentId: input.instrumentId, amount: input.amount }, { org });
if (!applied.ok) throw new Error(`apply refused: ${applied.message}`);
const payable = (await payableOfHold(input.holdId))!;
const headers = { cookie: input.cookie, 'content-type': 'application/json' };
const form = new FormData();
form.set('hold', input.holdToken);
const init = await initBookingAction(await loadContextFor(new Request(`http://${input.host}/activities/checkout`, { method: 'POST', headers })), form, 'ACT', {
  amountMinor: payable.payableMinor,
  currency: payable.currency,
  description: 'Crash test',
});
if (init.status !== 200) throw new Error(`init refused: ${await init.text()}`);
const pg = (payable.payableMinor / 100).toFixed(2);
const body = {
  id: input.reference,
  pg_amt: pg,
  pg_amount: pg,
  currency: 'USD',
  product_type: 'ACT',
  pg_type: 'PG_03',
  cashcard_amt: 0,
  cn_disc_amt: 0,
  email: 'maya@example.com',
  names: 'Maya Lopez',
  payment_method: 'card',
  nonce: 'fake-valid-nonce',
};
// The sale is held at the gateway: this call never returns before the kill.
await callAction(
  generatePgTokenRoute,
  new Request(`http://${input.host}/api/booking/generatePgToken`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': `crash-${input.reference}` },
    body: JSON.stringify(body),
  }),
);
process.stdout.write('answered before the kill\n');

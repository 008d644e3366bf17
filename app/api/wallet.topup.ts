import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { readApiBody } from '~/http/api-body.server';
import { NO_API_SESSION } from '~/services/identity/session.server';
import { topUpWallet, validateWalletTopup } from '~/services/stored-value/wallet-topups.server';
import { requireCardUseWithinLimits } from '~/http/card-velocity.server';
import { respond } from '~/http/respond.server';

/** POST /api/wallet/topup {amount, nonce} with Idempotency-Key: buys wallet credit with a card (docs/api.md "Wallet top-ups"). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
  const { session, org } = context;
  if (!session) throw json(NO_API_SESSION, { status: 401 });
  const read = await readApiBody(request, validateWalletTopup);
  if (!read.ok) throw read.response;
  await requireCardUseWithinLimits(context, 'walletTopup', { nonce: read.body.nonce });
  return respond(await topUpWallet({ org, member: { orgId: org.orgId, userId: session.userDbId }, demo: session.user.is_demo }, read.body, request.headers.get('idempotency-key')));
}

export function loader() {
  throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}

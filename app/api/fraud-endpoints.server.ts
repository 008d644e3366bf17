import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { type FingerprintBody, fingerprintSchema } from '#schemas/api/fraud.schema';
import { readApiBody } from '~/http/api-body.server';
import { postOnly } from '~/http/post-only.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { recordFingerprint } from '~/services/fraud/fingerprints.server';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import { getDb } from '~/services/platform/db.server';

const validateFingerprint = compileApiBody<FingerprintBody>(fingerprintSchema);

/** The fraud calls of the pages (spec §7 "Fraud and session"). */
export const fraudEndpoints = {
  /**
   * POST the fingerprint object `{device_id, fraud_chance}` (docs/api.md): kept hashed with the
   * visitor's address and user under the organisation's salt; 400 names what is wrong, 429 when
   * a visitor posts far more than pages do.
   */
  '/api/iqps/fqs': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== 'POST') postOnly();
      await requireWithinRateLimit(context, 'fingerprint', 'api');
      const read = await readApiBody(request, validateFingerprint);
      if (!read.ok) throw read.response;
      await recordFingerprint(getDb(), {
        orgId: context.org.orgId,
        userId: context.session?.userDbId ?? null,
        ip: context.clientIp,
        deviceId: read.body.device_id,
        fraudChance: read.body.fraud_chance ?? null,
      });
      return json({ status: 200 });
    },
    loader: postOnly,
  },
};

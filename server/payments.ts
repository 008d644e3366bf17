// Payments at boot: Braintree (or any gateway speaking its API) when BRAINTREE_* is set;
// otherwise, outside production, the local sandbox gateway started in this process, so a fresh
// clone takes test cards with no setup. Production without keys starts without card payments.
import { BraintreeConfigError, type BraintreeSettings, braintreeSettingsFromEnv } from '~/services/payments/gateway.server';
import { configurePayments } from '~/services/payments/runtime.server';
import { log } from '~/services/platform/logger.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from './sandbox-gateway';

const DEFAULT_SANDBOX_PORT = 4010;

async function startSandbox(port: number): Promise<SandboxGateway> {
  try {
    return await startSandboxGateway({ port });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EADDRINUSE')) throw error;
    // Another app (or a test run) has the usual port: any free port serves this process as well.
    log.warn('sandbox gateway port busy, using a free one', { port });
    return startSandboxGateway({ port: 0 });
  }
}

export async function startPayments(appEnv: string, source: Record<string, string | undefined> = process.env): Promise<{ stop: () => Promise<void> }> {
  const configured = braintreeSettingsFromEnv(source);
  // A gateway URL is the local sandbox's (tests, demos): its keys are public and it offers OXXO.
  if (configured && appEnv === 'production' && typeof configured.environment === 'object') {
    throw new BraintreeConfigError(['BRAINTREE_GATEWAY_URL: only for the local sandbox gateway; in production set BRAINTREE_ENVIRONMENT']);
  }
  if (configured) {
    configurePayments(configured);
    return { stop: async () => {} };
  }
  if (appEnv === 'production') {
    log.warn('payments not configured: set BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY and BRAINTREE_ENVIRONMENT');
    return { stop: async () => {} };
  }
  const sandbox = await startSandbox(Number(source.SANDBOX_GATEWAY_PORT || DEFAULT_SANDBOX_PORT));
  const settings: BraintreeSettings = { ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: Number(source.BRAINTREE_TIMEOUT_MS || 10_000) };
  configurePayments(settings);
  log.info('sandbox payment gateway', { url: sandbox.url });
  return { stop: sandbox.stop };
}

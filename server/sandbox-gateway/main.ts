// `node --import tsx server/sandbox-gateway/main.ts`: the sandbox gateway on its own
// (SANDBOX_GATEWAY_PORT, default 4010), for development by hand. The app's adapter reaches it
// with BRAINTREE_GATEWAY_URL and the SANDBOX_CREDENTIALS keys.
import { SANDBOX_CREDENTIALS, startSandboxGateway } from './index';

const port = Number(process.env.SANDBOX_GATEWAY_PORT ?? 4010);
const gateway = await startSandboxGateway({ port });
process.stdout.write(
  `Sandbox payment gateway on ${gateway.url}\n` +
    `  BRAINTREE_GATEWAY_URL=${gateway.url} BRAINTREE_MERCHANT_ID=${SANDBOX_CREDENTIALS.merchantId} ` +
    `BRAINTREE_PUBLIC_KEY=${SANDBOX_CREDENTIALS.publicKey} BRAINTREE_PRIVATE_KEY=${SANDBOX_CREDENTIALS.privateKey} ` +
    `BRAINTREE_MERCHANT_ACCOUNT_ID=${SANDBOX_CREDENTIALS.merchantAccountId}\n`,
);
const shutdown = () => void gateway.stop().then(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

// One pass of the membership renewal job in a process of its own, as an app instance's job runs
// it, so a test can kill it with SIGKILL in the middle of a charge (test/integration/renewal-kill.test.ts).
// Arguments: the PostgreSQL URL, the sandbox gateway's URL, the day to renew on.
import { runRenewals } from '~/services/membership/membership-renewals.server';
import { configurePayments } from '~/services/payments/runtime.server';
import { openDatabase } from '~/services/platform/db.server';
import { SANDBOX_CREDENTIALS } from '../../server/sandbox-gateway/index';

const [databaseUrl, sandboxUrl, today] = process.argv.slice(2);
if (!databaseUrl || !sandboxUrl || !today) throw new Error('usage: renewal-pass <database url> <sandbox url> <day>');
configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandboxUrl }, timeoutMs: 30_000 });
const opened = await openDatabase({ databaseUrl, poolSize: 2 });
console.log(JSON.stringify(await runRenewals({ today }, opened.db)));
await opened.db.destroy();

// What a demo start (`npm start` in any mode but production, docs/decisions/0040) says first. Run
// as a script (package.json "start") it prints the notice before the build, so it is the start's
// first line; `NODE_ENV=production npm start` (a hosting platform's default) is production, no demo.
import { pathToFileURL } from 'node:url';
import { appEnvOf } from '~/services/platform/env.server';

export const DEMO_NOTICE =
  'DEMO START: seeded demo accounts with a public password, the mail viewer at /dev/mail and the sandbox payment gateway. Never expose it to the internet; deploy with npm run start:prod (README, Deploying).';

const runAsScript = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runAsScript && appEnvOf(process.env) !== 'production') process.stdout.write(`${DEMO_NOTICE}\n`);

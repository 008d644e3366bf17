// What a demo start (`npm start`, any NODE_ENV but production) says first. Run as a script
// (package.json "start") it prints the notice before the build, so it is the start's first line.
import { pathToFileURL } from 'node:url';

export const DEMO_NOTICE =
  'DEMO START: seeded demo accounts with a public password, the mail viewer at /dev/mail and the sandbox payment gateway. Never expose it to the internet; deploy with npm run start:prod (README, Deploying).';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.stdout.write(`${DEMO_NOTICE}\n`);

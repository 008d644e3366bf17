/**
 * SSR throughput of the product's pages as a ratio to a bare Remix 2.17 hello-world served by
 * `remix-serve` (../shared/bench/bare-remix, quality goals P1/P2), measured side by side in
 * one run so machine noise hits both alike.
 *
 *   npm run build && npm run bench:ssr [seconds-per-run=5] [rounds=3]
 *
 * Pages: `/`, a landing page, hotel results, hotel details and `/privacy-policy` for an
 * anonymous visitor and for a signed-in member, and a member's hotel checkout. The product's
 * own hello route (`/bench/hello`, no shell) is printed too: the per-request floor of the
 * product's server. autocannon with 20 connections; the bare app is measured between every two
 * targets (A B A C A D … A), `rounds` times over, and each target's run is divided by the mean
 * of the bare runs on either side of it, so a slow minute of the machine weighs on both sides of
 * a ratio alike. A target's ratio is the median of its rounds'. Goals: ≥ 0.60 anonymous, ≥ 0.40
 * signed in. Prints figures, never fails on them: a benchmark is not a test.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { prepareBooking, signIn } from '../test/support/booking-load';
import { freePort, startServer } from '../test/support/server-process';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const bareRemixDir = process.env.BARE_REMIX_DIR ?? path.resolve('../shared/bench/bare-remix');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Target = { name: string; url: string; cookie?: string; goal: number | null };

async function requestsPerSecond({ url, cookie }: Target): Promise<number> {
  const result = await autocannon({ url, connections: 20, duration: seconds, headers: cookie ? { cookie } : {} });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const barePort = await freePort();
const served = spawnSync(path.join(bareRemixDir, 'serve.sh'), [String(barePort)], { stdio: 'inherit' });
if (served.status !== 0) throw new Error(`the bare Remix app did not start (${bareRemixDir}/serve.sh)`);

// As `npm start` runs it: the demo on the libraries' production builds (docs/decisions/0040). startServer scales
// the per-visitor limits up: one load generator, one address.
const server = await startServer({ env: { LOG_LEVEL: 'error', NODE_ENV: 'production', APP_ENV: 'development' } });
try {
  const member = await signIn(server.url);
  const { hold } = await prepareBooking(server.url, member, { firstDay: 200, guest: 'Benchmark' });
  const stay = `destination=cancun&checkin=${inDays(30)}&checkout=${inDays(33)}&rooms=1&guests=2`;
  const pages = {
    '/': '/',
    'landing /hotels': '/hotels',
    'hotel results': `/search-detail?${stay}`,
    'hotel details': `/hotel-details?hotel=cancun-harbour-view&${stay}`,
    '/privacy-policy': '/privacy-policy',
  };
  const bare: Target = { name: 'bare Remix /', url: `http://localhost:${barePort}/`, goal: null };
  const targets: Target[] = [
    { name: 'product hello', url: `${server.url}/bench/hello`, goal: null },
    ...Object.entries(pages).map(([name, page]) => ({ name: `${name} (anonymous)`, url: server.url + page, goal: 0.6 })),
    ...Object.entries(pages).map(([name, page]) => ({ name: `${name} (member)`, url: server.url + page, cookie: member, goal: 0.4 })),
    { name: 'hotel checkout (member)', url: `${server.url}/hotel-checkout?hold=${hold}`, cookie: member, goal: 0.4 },
  ];
  // Warm up the JIT, the caches and the database.
  for (const target of [bare, ...targets]) await autocannon({ url: target.url, connections: 20, duration: 1, headers: target.cookie ? { cookie: target.cookie } : {} });
  const bareRuns: number[] = [];
  const runs = new Map<Target, { perSecond: number; ratio: number }[]>(targets.map((t) => [t, []]));
  for (let round = 0; round < rounds; round++) {
    let before = await requestsPerSecond(bare);
    bareRuns.push(before);
    for (const target of targets) {
      const perSecond = await requestsPerSecond(target);
      const after = await requestsPerSecond(bare);
      bareRuns.push(after);
      runs.get(target)!.push({ perSecond, ratio: perSecond / ((before + after) / 2) });
      before = after;
    }
  }
  console.log(`SSR throughput against bare Remix (remix-serve), 20 connections, ${seconds}s per run, ${rounds} rounds, A B A C … A`);
  console.log(`${bare.name.padEnd(32)} ${median(bareRuns).toFixed(0).padStart(6)} req/s (median; runs ${Math.min(...bareRuns).toFixed(0)}–${Math.max(...bareRuns).toFixed(0)})`);
  for (const target of targets) {
    const values = runs.get(target)!;
    const ratio = median(values.map((v) => v.ratio));
    const verdict = target.goal === null ? '' : ratio >= target.goal ? `  goal ≥ ${target.goal.toFixed(2)} met` : `  goal ≥ ${target.goal.toFixed(2)} NOT met`;
    console.log(
      `${target.name.padEnd(32)} ${median(values.map((v) => v.perSecond))
        .toFixed(0)
        .padStart(6)} req/s   ratio ${ratio.toFixed(2)}${verdict}   rounds ${values.map((v) => v.ratio.toFixed(2)).join(', ')}`,
    );
  }
} finally {
  await server.stop();
  stopBareRemix(barePort);
}

/** serve.sh leaves the bare app running for the next caller; this run's own port is not reused. */
function stopBareRemix(port: number) {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (commandLine.includes('remix-serve') && environment.includes(`PORT=${port}`)) process.kill(Number(pid));
    } catch {
      // gone already, or not ours to read
    }
  }
}

/**
 * SSR throughput of `/` and of a hotel details page, as a ratio to a bare Remix hello-world
 * route of the same build on the same server (quality goal P1: both ≥ 0.60).
 *
 *   npm run build && node --import tsx bench/ssr.ts [seconds-per-run=5]
 *
 * The baseline is `/bench/hello`, a hello-world document rendered by the same entry.server
 * without the site's shell (docs/decisions/0007). `/bench/hello-resource`, a resource route
 * that answers a fixed string, is printed too: the server's floor, with no document render.
 *
 * autocannon with 20 connections; the targets are measured interleaved (A, B, C, D, A, B, …)
 * three times and the median requests/s of each is compared, so machine noise hits all of
 * them alike. Prints figures only: a benchmark is not a test.
 */
import autocannon from 'autocannon';
import { startServer } from '../test/support/server-process';

const seconds = Number(process.argv[2] ?? 5);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 20, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startServer({ env: { LOG_LEVEL: 'error', NODE_ENV: 'production' } });
try {
  const targets = {
    hello: `${server.url}/bench/hello`,
    floor: `${server.url}/bench/hello-resource`,
    home: `${server.url}/`,
    hotelDetails: `${server.url}/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${inDays(30)}&checkout=${inDays(33)}&rooms=1&guests=2`,
  };
  // Warm up the JIT, the caches and the database.
  for (const url of Object.values(targets)) await autocannon({ url, connections: 20, duration: 1 });
  const runs: Record<keyof typeof targets, number[]> = { hello: [], floor: [], home: [], hotelDetails: [] };
  for (let round = 0; round < 3; round++) {
    for (const [name, url] of Object.entries(targets) as [keyof typeof targets, string][]) runs[name].push(await requestsPerSecond(url));
  }
  const baseline = median(runs.hello);
  const floor = median(runs.floor);
  const row = (name: string, values: number[]) =>
    `${name.padEnd(15)} ${median(values).toFixed(0).padStart(7)} req/s   ratio ${(median(values) / baseline).toFixed(2)}   (vs floor ${(median(values) / floor).toFixed(2)})   runs ${values.map((v) => v.toFixed(0)).join(', ')}`;
  console.log(`SSR throughput, 20 connections, ${seconds}s per run, median of 3 (goal P1: ratio ≥ 0.60)`);
  console.log(row('hello (base)', runs.hello));
  console.log(row('hello resource', runs.floor));
  console.log(row('/', runs.home));
  console.log(row('hotel details', runs.hotelDetails));
} finally {
  await server.stop();
}

/**
 * The capacity table (issue 38 item 8): what one instance, and the cluster in a box, carry on
 * this machine. README's *Capacity* table is this script's output.
 *
 *   npm run build && npm run bench:capacity [seconds-per-run=5] [parts=pages,bookings,sockets,mail]
 *
 * - SSR requests/s per page kind, anonymous and signed in: one instance on the embedded
 *   default (PGlite), then one instance of the cluster (PostgreSQL through PgBouncer), then
 *   the cluster's three through its proxy (autocannon, 20 connections).
 * - Bookings/s: a closed loop of 8 concurrent card submits (initBooking, then the payment,
 *   against the sandbox gateway in this process) on prepared bookings, on one instance and
 *   through the proxy.
 * - Websockets: members' userEvents subscriptions held open on one instance, then events committed here at a steady rate and timed from the
 *   commit to the subscriber (p50/p99; and p99 from the start of the committing transaction),
 *   on one instance and spread over three (goals: p99 ≤ 25 ms on one, ≤ 75 ms across three).
 * - Jobs/s: e-mails queued at once, captured by the three instances' mail jobs.
 *
 * Prints figures and ratios to the goals, never fails on them: a benchmark is not a test.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { sql } from 'kysely';
import { createSession } from '~/services/identity/session.server';
import { announceUserEvents, setMinCheckinDaysIn } from '~/services/fraud/user-events.server';
import { type OpenedDatabase, openDatabase, setDatabase } from '~/services/platform/db.server';
import { type Cluster, startCluster } from '../server/cluster/cluster';
import { sandboxGatewayEnv, startSandboxGateway } from '../server/sandbox-gateway';
import { type PreparedBooking, guestName, prepareBooking, signIn, submitBooking } from '../test/support/booking-load';
import { sandboxNonce } from '../test/support/sandbox-control';
import { type RunningServer, startServer } from '../test/support/server-process';

const seconds = Number(process.argv[2] ?? 5);
const PARTS = ['pages', 'bookings', 'sockets', 'mail'] as const;
const parts = new Set((process.argv[3] ?? PARTS.join(',')).split(','));
if (!(seconds > 0) || [...parts].some((part) => !(PARTS as readonly string[]).includes(part))) {
  throw new Error(`usage: bench/capacity.ts [seconds-per-run] [${PARTS.join(',')}]`);
}
const SOCKETS = 600;
const EVENTS_PER_SECOND = 200;
const MAILS = 3_000;
const BOOKING_CONCURRENCY = 8;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
const rows: string[][] = [];
const row = (...cells: (string | number)[]) => rows.push(cells.map(String));

const sandbox = await startSandboxGateway({ port: 0 });
// As `npm start` runs the demo: the libraries' production builds (docs/decisions/0040).
const demoEnv = { LOG_LEVEL: 'error', NODE_ENV: 'production', APP_ENV: 'development', ...sandboxGatewayEnv(sandbox.url) };

async function perSecond(url: string, cookie?: string): Promise<number> {
  const result = await autocannon({ url, connections: 20, duration: seconds, headers: cookie ? { cookie } : {} });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/** SSR requests/s of each page kind on `base`, anonymous and as a member. */
async function pageThroughput(where: string, base: string) {
  const member = await signIn(base);
  const stay = `destination=cancun&checkin=${inDays(30)}&checkout=${inDays(33)}&rooms=1&guests=2`;
  const pages = { home: '/', 'hotel results': `/search-detail?${stay}`, 'hotel details': `/hotel-details?hotel=cancun-harbour-view&${stay}` };
  for (const [name, page] of Object.entries(pages)) {
    await autocannon({ url: base + page, connections: 20, duration: 1 }); // warm-up
    row(where, `SSR ${name}`, `${(await perSecond(base + page)).toFixed(0)} req/s anonymous, ${(await perSecond(base + page, member)).toFixed(0)} req/s member`);
  }
}

/** Confirmed bookings/s with BOOKING_CONCURRENCY submits in flight, over `count` prepared bookings. */
async function bookingThroughput(where: string, base: string, firstDay: number, count: number) {
  const cookie = await signIn(base);
  const bookings: PreparedBooking[] = [];
  for (let n = 0; n < count; n++) bookings.push(await prepareBooking(base, cookie, { firstDay: firstDay + Math.floor(n / 5), guest: guestName(n) }));
  const nonces = await Promise.all(bookings.map(() => sandboxNonce(sandbox.url)));
  let next = 0;
  let confirmed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BOOKING_CONCURRENCY }, async () => {
      for (let n = next++; n < bookings.length; n = next++) {
        const { pay } = await submitBooking(base, bookings[n]!, nonces[n]!);
        if (pay.status === 200) confirmed++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1_000;
  row(where, 'bookings (card, 8 in flight)', `${(confirmed / elapsed).toFixed(1)} bookings/s (${confirmed}/${bookings.length} confirmed)`);
}

/**
 * SOCKETS members each follow their userEvents through `urls` (round-robin); events committed
 * here at EVENTS_PER_SECOND for `seconds`, timed from the committing call to the subscriber.
 */
async function socketFigures(where: string, urls: string[], writer: OpenedDatabase, goalMs: number) {
  const members = await writer.db.selectFrom('users').select(['id', 'org_id']).where('email', 'like', 'capacity-%').orderBy('id').limit(SOCKETS).execute();
  /** When the member's last event's transaction started, and when it committed. */
  const sent = new Map<number, { started: number; committed: number }>();
  const latencies: number[] = [];
  const fromCallStart: number[] = [];
  const clients = await Promise.all(
    members.map(async (member, n) => {
      const { setCookie } = await createSession({ hostname: 'localhost', cookie: () => undefined }, { userId: member.id });
      const url = urls[n % urls.length]!;
      const headers = { origin: url.replace(/^ws/, 'http').replace(/\/graphql$/, ''), cookie: setCookie.split(';')[0]! };
      const client = createClient({
        url,
        webSocketImpl: class extends WebSocket {
          constructor(address: string | URL, protocols?: string | string[]) {
            super(address, protocols, { headers });
          }
        },
        retryAttempts: 0,
      });
      await new Promise<void>((resolve, reject) => {
        client.subscribe<{ userEvents: { seq: number } }>(
          { query: 'subscription { userEvents { seq } }' },
          {
            next: () => {
              const at = sent.get(member.id);
              if (at === undefined) return;
              const now = performance.now();
              latencies.push(now - at.committed);
              fromCallStart.push(now - at.started);
            },
            error: reject,
            complete: () => {},
          },
        );
        // The subscription is live once the server has read the user's position: a short wait.
        setTimeout(resolve, 200);
      });
      return client;
    }),
  );
  await sleep(1_000);
  /** Commits `total` events at EVENTS_PER_SECOND, one member after another. */
  const emit = async (total: number) => {
    const started = performance.now();
    for (let n = 0; n < total; n++) {
      const member = members[n % members.length]!;
      const wait = started + (n * 1_000) / EVENTS_PER_SECOND - performance.now();
      if (wait > 0) await sleep(wait);
      // As setMinCheckinDays does, with the commit timed: the transaction, then the announcement.
      const began = performance.now();
      await writer.db.transaction().execute((trx) => setMinCheckinDaysIn(trx, member.id, n % 30));
      sent.set(member.id, { started: began, committed: performance.now() });
      await announceUserEvents(writer.db, member.id);
    }
    await sleep(1_000);
  };
  // A second of warm-up (the instances' first deliveries, the JIT), not counted.
  await emit(EVENTS_PER_SECOND);
  latencies.length = 0;
  fromCallStart.length = 0;
  const total = EVENTS_PER_SECOND * seconds;
  await emit(total);
  for (const client of clients) await client.dispose();
  row(where, 'websocket connections held', members.length);
  const p99 = quantile(latencies, 0.99);
  row(
    where,
    `deliveries at ${EVENTS_PER_SECOND}/s, commit → client`,
    `p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${latencies.length}/${total} delivered; goal ≤ ${goalMs} ms, ratio ${(p99 / goalMs).toFixed(2)}); ` +
      `from the transaction's start p99 ${quantile(fromCallStart, 0.99).toFixed(1)} ms`,
  );
}

/** Mail captured per second by the running instances' mail jobs, from MAILS queued at once. */
async function mailThroughput(where: string, writer: OpenedDatabase) {
  await writer.db
    .insertInto('outbox')
    .columns(['org_id', 'recipient', 'subject', 'text_body', 'html_body'])
    .expression(
      writer.db
        .selectFrom(sql<{ s: number }>`generate_series(1, ${MAILS})`.as('s'))
        .select([
          sql.lit('wanderly').as('org_id'),
          sql<string>`'capacity-' || s || '@example.com'`.as('recipient'),
          sql.lit('S').as('subject'),
          sql.lit('T').as('text_body'),
          sql.lit('<p>T</p>').as('html_body'),
        ]),
    )
    .execute();
  const started = performance.now();
  for (;;) {
    const { waiting } = await writer.db
      .selectFrom('outbox')
      .select(sql<number>`count(*)`.as('waiting'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    if (Number(waiting) === 0) break;
    await sleep(100);
  }
  const elapsed = (performance.now() - started) / 1_000;
  row(where, 'e-mails through the mail job', `${(MAILS / elapsed).toFixed(0)} mails/s (${MAILS} queued at once, captured in ${elapsed.toFixed(1)} s)`);
}

/** Members the websocket figures sign in, one session each (at most 5 sockets a member). */
async function addMembers(writer: OpenedDatabase) {
  await writer.db
    .insertInto('users')
    .columns(['org_id', 'email', 'email_normalized', 'first_name', 'last_name', 'role'])
    .expression(
      writer.db
        .selectFrom(sql<{ s: number }>`generate_series(1, ${SOCKETS})`.as('s'))
        .select([
          sql.lit('wanderly').as('org_id'),
          sql<string>`'capacity-' || s || '@example.com'`.as('email'),
          sql<string>`'capacity-' || s || '@example.com'`.as('email_normalized'),
          sql.lit('Cap').as('first_name'),
          sql.lit('Acity').as('last_name'),
          sql.lit('member').as('role'),
        ]),
    )
    .execute();
}

let embedded: RunningServer | undefined;
let cluster: Cluster | undefined;
const clusterServers: RunningServer[] = [];
try {
  if (parts.has('pages') || parts.has('bookings')) {
    embedded = await startServer({ env: demoEnv });
    if (parts.has('pages')) await pageThroughput('1 instance, PGlite', embedded.url);
    if (parts.has('bookings')) await bookingThroughput('1 instance, PGlite', embedded.url, 100, 120);
    await embedded.stop();
    embedded = undefined;
  }

  cluster = await startCluster({
    instances: 3,
    startInstance: async (env) => {
      const server = await startServer({ databaseUrl: env.DATABASE_URL, env: { ...env, ...demoEnv } });
      clusterServers.push(server);
      return server;
    },
  });
  const one = clusterServers[0]!;
  if (parts.has('pages')) {
    await pageThroughput('1 instance, PostgreSQL via PgBouncer', one.url);
    await pageThroughput('3 instances behind the proxy', cluster.proxy.url);
  }
  if (parts.has('bookings')) {
    await bookingThroughput('1 instance, PostgreSQL via PgBouncer', one.url, 100, 120);
    await bookingThroughput('3 instances behind the proxy', cluster.proxy.url, 130, 120);
  }

  const writer = await openDatabase({ databaseUrl: cluster.postgres.url, poolSize: 4 });
  setDatabase(writer);
  try {
    if (parts.has('sockets')) {
      await addMembers(writer);
      await socketFigures('1 instance, PostgreSQL via PgBouncer', [`ws://localhost:${one.port}/graphql`], writer, 25);
      await socketFigures(
        '3 instances (each socket to one)',
        clusterServers.map((server) => `ws://localhost:${server.port}/graphql`),
        writer,
        75,
      );
    }
    if (parts.has('mail')) await mailThroughput('3 instances', writer);
  } finally {
    await writer.db.destroy();
  }
} finally {
  await embedded?.stop();
  await cluster?.stop();
  await sandbox.stop();
}

const widths = [0, 1, 2].map((i) => Math.max(...rows.map((cells) => cells[i]!.length), 4));
console.log(`\nCapacity on this machine (${(await import('node:os')).cpus().length} cores), ${seconds} s per run\n`);
console.log(`| ${'where'.padEnd(widths[0]!)} | ${'what'.padEnd(widths[1]!)} | ${'figure'.padEnd(widths[2]!)} |`);
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const cells of rows) console.log(`| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`);

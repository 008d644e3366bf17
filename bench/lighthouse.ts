/**
 * Lighthouse (mobile, its default: an emulated phone on a throttled network) on home, hotel
 * results, hotel details and a member's hotel checkout, with Debian's Chromium; prints each
 * page's performance and accessibility scores (issue 14: ≥ 95 and 100). Builds nothing:
 *
 *   npm run build && npm run bench:lighthouse [page-name-filter]
 *
 * LIGHTHOUSE_DETAILS=1 also lists each page's failing audits and its scripts' boot-up times.
 * LIGHTHOUSE_REPORTS=<directory> writes each page's whole report there, as JSON.
 *
 * Starts the seeded server as bench:ssr does and never downloads a browser (CHROMIUM, else
 * /usr/bin/chromium). Prints figures, exits 0 whatever they are: a benchmark is not a test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { signIn } from '../test/support/booking-load';
import { http } from '../test/support/http-client';
import { startServer } from '../test/support/server-process';

const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Chromium with a DevTools port for Lighthouse, quiet: no background traffic to skew the figures. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'tp-lighthouse-'));
  const child: ChildProcess = spawn(
    chromiumPath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited with ${code}:\n${output}`)));
  });
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true, maxRetries: 10 }); // retried: its helper processes may still be writing
    },
  };
}

/** A member's hold on a hotel room (the checkout page's `?hold=`), as the hotel details page's form makes it. */
async function holdARoom(base: string, member: string): Promise<string> {
  const origin = base.replace('127.0.0.1', 'localhost');
  for (let day = 40; day < 100; day++) {
    const form = new URLSearchParams({ destination: 'cancun', checkin: inDays(day), checkout: inDays(day + 2), rooms: '1', guests: '2', roomTypeId: '1' });
    const held = await http(base, 'POST', '/hotel-checkout', { headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, cookie: member, body: form.toString() });
    if (held.status !== 302) throw new Error(`hold: ${held.status} ${held.text.slice(0, 200)}`);
    const hold = new URL(String(held.headers.location), base).searchParams.get('hold');
    if (hold) return hold;
  }
  throw new Error('no free room to hold');
}

const server = await startServer({ env: { LOG_LEVEL: 'error', NODE_ENV: 'production', APP_ENV: 'development' } });
try {
  const member = await signIn(server.url);
  const stay = `destination=cancun&checkin=${inDays(30)}&checkout=${inDays(33)}&rooms=1&guests=2`;
  // Each path made when its turn comes: a hold lasts minutes, a Lighthouse run takes some.
  const pages: { name: string; path: () => Promise<string>; cookie?: string }[] = [
    { name: '/', path: async () => '/' },
    { name: 'hotel results', path: async () => `/search-detail?${stay}` },
    { name: 'hotel details', path: async () => `/hotel-details?hotel=cancun-harbour-view&${stay}` },
    { name: 'hotel checkout (member)', path: async () => `/hotel-checkout?hold=${await holdARoom(server.url, member)}`, cookie: member },
  ];
  console.log(`Lighthouse, mobile (its default emulation and throttling), ${chromiumPath}`);
  console.log(`${'page'.padEnd(26)} performance  accessibility`);
  const only = process.argv[2];
  for (const page of pages.filter((p) => !only || p.name.includes(only))) {
    // A fresh browser per page: the same cold start for each, and no cookie of an earlier page
    // in its jar to stand in for the member's (Chromium prefers its jar to an extra Cookie header).
    const run = async () => {
      const chromium = await launchChromium();
      const result = await lighthouse(server.url + (await page.path()), {
        port: chromium.port,
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
      }).finally(() => chromium.stop());
      if (!result) throw new Error(`${page.name}: no Lighthouse result`);
      return result.lhr;
    };
    // Now and then Chromium's trace of the load comes back incomplete (NO_NAVSTART): measured once more.
    let lhr = await run();
    if (lhr.runtimeError) lhr = await run();
    if (process.env.LIGHTHOUSE_REPORTS) writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${page.name.replace(/\W+/g, '-') || 'home'}.json`), JSON.stringify(lhr));
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = Object.values(lhr.audits).filter(
      (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual',
    );
    console.log(
      `${page.name.padEnd(26)} ${String(score('performance')).padStart(11)}  ${String(score('accessibility')).padStart(13)}${lhr.runtimeError ? `   error: ${lhr.runtimeError.message}` : ''}`,
    );
    if (!process.env.LIGHTHOUSE_DETAILS) continue;
    for (const audit of failing) console.log(`    ${audit.id}: ${audit.score} ${audit.displayValue ?? ''}`);
    const boot = lhr.audits['bootup-time']?.details;
    if (boot?.type === 'table') for (const item of boot.items.slice(0, 6)) console.log(`      boot-up ${String(item.url)}: ${Math.round(Number(item.total))} ms`);
  }
} finally {
  await server.stop();
}

/**
 * What each dependency fix earns (issue 38 item 9, docs/decisions/0043): A/B side by side, each
 * fix taken out of its file (the published code) and put back, the built app started on the
 * same data folder each time, pages measured with autocannon (20 connections).
 *
 *   npm run build && npm run bench:fixes [seconds-per-run=3] [rounds=2] [only-groups-containing]
 *
 * Rounds alternate the order (with, without; then without, with) so a slow minute weighs on
 * both. A fix's gain on a page is the median of its with-runs over the median of its
 * without-runs, less one. The browser's copy of Remix's <Scripts> fix (dist/esm) changes no
 * server answer: its gain is the page's paint (decision 0048, `npm run bench:lighthouse`).
 * Every fix is back in place when this ends, however it ends. Prints figures only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
// @ts-expect-error: a plain script, without types
import { applyFixes, fixes, removeFix } from '../scripts/patch-dependencies.mjs';
import { signIn } from '../test/support/booking-load';
import { startServer } from '../test/support/server-process';

type Fix = { name: string; version: string; file: string };
const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 2);
/** Only the groups whose name contains this (all when absent). */
const only = process.argv[4];
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const stay = `destination=cancun&checkin=${inDays(30)}&checkout=${inDays(33)}&rooms=1&guests=2`;
const PAGES = {
  'home, anonymous': { path: '/', member: false },
  'home, member': { path: '/', member: true },
  'hotel details, member': { path: `/hotel-details?hotel=cancun-harbour-view&${stay}`, member: true },
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'tp-bench-fixes-'));
const env = { LOG_LEVEL: 'error', NODE_ENV: 'production', APP_ENV: 'development' };

/** Requests/s of each page on a server started now (so it loads the files as they are). */
async function measure(): Promise<Record<string, number>> {
  const server = await startServer({ dataDir, env });
  try {
    const member = await signIn(server.url);
    const figures: Record<string, number> = {};
    for (const [name, page] of Object.entries(PAGES)) {
      const options = { url: server.url + page.path, connections: 20, headers: page.member ? { cookie: member } : {} };
      await autocannon({ ...options, duration: 1 });
      const result = await autocannon({ ...options, duration: seconds });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${page.path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      figures[name] = result.requests.average;
    }
    return figures;
  } finally {
    await server.stop();
  }
}

/**
 * The fixes weighed together where one needs another: the router's kept loader data is what the
 * server runtime's and RemixServer's fixes hand on (taken out alone, pages fail).
 */
const groupOf = (fix: Fix) =>
  fix.name === '@remix-run/router' || fix.name === '@remix-run/server-runtime' || (fix.name === '@remix-run/react' && fix.file === 'dist/server.js')
    ? 'loader data kept, routes matched once (router, server runtime, RemixServer)'
    : `${fix.name}/${fix.file}`;
const groups = new Map<string, Fix[]>();
// The browser's copy of <Scripts> changes no server answer (see above).
for (const fix of (fixes as Fix[]).filter((f) => !f.file.startsWith('dist/esm/'))) groups.set(groupOf(fix), [...(groups.get(groupOf(fix)) ?? []), fix]);

const lines: string[] = [];
try {
  applyFixes();
  for (const [group, members] of groups) {
    if (only && !group.includes(only)) continue;
    const runs = { with: [] as Record<string, number>[], without: [] as Record<string, number>[] };
    for (let round = 0; round < rounds; round++) {
      for (const variant of round % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
        if (variant === 'without') members.forEach((fix) => removeFix(fix));
        else applyFixes();
        runs[variant].push(await measure());
      }
    }
    applyFixes();
    const gains = Object.keys(PAGES).map((page) => ({ page, gain: median(runs.with.map((r) => r[page]!)) / median(runs.without.map((r) => r[page]!)) - 1 }));
    const best = Math.max(...gains.map((g) => g.gain));
    lines.push(`${group}: ${gains.map((g) => `${g.page} ${g.gain >= 0 ? '+' : ''}${(g.gain * 100).toFixed(1)}%`).join(', ')}; ${best >= 0.05 ? 'pays (≥ 5%)' : 'below 5%'}`);
    console.log(lines.at(-1));
  }
} finally {
  applyFixes();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nEach fix against the published code, ${seconds} s per run, ${rounds} rounds (requests/s, with the fix over without):`);
for (const line of lines) console.log(line);

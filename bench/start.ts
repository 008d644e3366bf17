/**
 * Embedded start time (quality goal P9: `npm start` on an already-built, seeded data dir
 * serves its first page within 10 s).
 *
 *   npm run build && npm run bench:start [runs=3]
 *
 * Seeds a fresh PGlite folder once (a first start, timed too, for information), then starts the
 * built server on it `runs` times as `npm start` does after its build (demo mode, seeding on)
 * and times each from spawn to the first 200 of `/`. Prints the median as a ratio of the
 * 10 s budget. Figures only: a benchmark is not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer } from '../test/support/server-process';

const runs = Number(process.argv[2] ?? 3);
const BUDGET_MS = 10_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tp-start-'));

/** Spawn to the first page: the server's health answer first, then `/` itself. */
async function timedStart(): Promise<number> {
  const started = performance.now();
  const server = await startServer({ dataDir, env: { NODE_ENV: 'production', APP_ENV: 'development', LOG_LEVEL: 'error', RATE_LIMIT_SCALE: '1' } });
  try {
    const page = await fetch(`${server.url}/`);
    if (page.status !== 200) throw new Error(`/ answered ${page.status}`);
    await page.text();
    return performance.now() - started;
  } finally {
    await server.stop();
  }
}

try {
  const first = await timedStart();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await timedStart());
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`first start (empty data dir, seeds everything): ${seconds(first)}`);
  console.log(`seeded start, ${runs} runs: ${times.map(seconds).join(', ')}; median ${seconds(median)}`);
  console.log(`median / budget (${seconds(BUDGET_MS)}) = ${(median / BUDGET_MS).toFixed(2)} (goal ≤ 1.00)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

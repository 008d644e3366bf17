import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeLoopbackPort as freePort } from '../../server/cluster/processes';

/** A free loopback port (the cluster's helper; specs and benches take it from here). */
export { freePort };

export type RunningServer = { url: string; port: number; stop: () => Promise<void>; logs: () => string; process: ChildProcess };

/**
 * Starts the built app as production does (`server/index.ts` over `build/`), on a free port,
 * with its own fresh PGlite folder unless a DATABASE_URL is given, and relaxed per-visitor
 * rate limits unless `env` sets RATE_LIMIT_SCALE. Resolves once /healthz is 200.
 * `dataDir` reuses a PGlite folder the caller owns (e.g. across a restart): `stop` keeps it.
 * `healthyWithinMs` (default 60 s) bounds the wait for /healthz.
 */
export async function startServer(
  options: { databaseUrl?: string; dataDir?: string; env?: Record<string, string>; command?: [string, ...string[]]; logFile?: string; healthyWithinMs?: number } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'tp-data-'));
  let output = '';
  // The young generation's size as package.json's start scripts set it (docs/decisions/0046).
  const [command, ...args] = options.command ?? [process.execPath, '--max-semi-space-size=32', '--import', 'tsx', 'server/index.ts'];
  // Its own process group, so stopping it also stops what a wrapper (npm) started.
  const child = spawn(command, args, {
    cwd: process.cwd(),
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // The mode is NODE_ENV's unless a caller names it: never one left in the shell (decision 0040).
      APP_ENV: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Specs share servers and start their own from 127.0.0.1, in parallel, with hundreds of holds
      // and searches: per-visitor limits scaled far up. test/e2e/abuse.spec.ts sets 1 (production).
      RATE_LIMIT_SCALE: '1000',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATABASE_URL: '' }),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    // A copy on disk lets specs (other processes) read what the server logged.
    if (options.logFile) appendFileSync(options.logFile, chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + (options.healthyWithinMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (Date.now() >= deadline) {
    killGroup(child, 'SIGKILL');
    throw new Error(`server did not become healthy:\n${output}`);
  }
  return {
    url,
    port,
    process: child,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        killGroup(child, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) killGroup(child, 'SIGKILL');
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { createScratchDatabase, postgresOrSkipReason } from './postgres';
import { type RunningServer, startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded app on embedded PGlite. */
    baseURL: string;
    /** The same build on PostgreSQL, or '' when PostgreSQL is unavailable locally. */
    pgBaseURL: string;
  }
}

/** One built, seeded server per backend, shared by every e2e spec. */
export default async function setup(project: TestProject) {
  if (!existsSync('build/index.js')) execFileSync('npx', ['remix', 'build'], { stdio: 'inherit' });
  const skipPostgres = await postgresOrSkipReason();
  const scratch = skipPostgres ? undefined : await createScratchDatabase('tp_e2e');
  const servers: RunningServer[] = await Promise.all([
    startServer(),
    ...(scratch ? [startServer({ databaseUrl: scratch.url })] : []),
  ]);
  project.provide('baseURL', servers[0]!.url);
  project.provide('pgBaseURL', servers[1]?.url ?? '');
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await scratch?.drop();
  };
}

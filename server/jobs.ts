import type { Env } from '~/services/platform/env.server';
import { errorFields, log } from '~/services/platform/logger.server';

type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * Periodic background work. Each job must be safe with several app instances running it at
 * once (row locks with SKIP LOCKED), so nothing here assumes it is the only process.
 */
export function startJobs(_env: Env, jobs: Job[] = []) {
  const timers = jobs.map((job) => {
    let running = false;
    return setInterval(() => {
      if (running) return;
      running = true;
      job
        .run()
        .catch((error: unknown) => log.error('job failed', { job: job.name, ...errorFields(error) }))
        .finally(() => (running = false));
    }, job.everyMs).unref();
  });
  return { stop: () => timers.forEach(clearInterval) };
}

import { randomUUID } from 'node:crypto';
import { errorFields, log, requestContext } from '~/services/platform/logger.server';

type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

/** Told of each run's end: the metrics count it (server/metrics.ts). */
export type JobObserver = (job: string, outcome: 'ok' | 'failed', seconds: number) => void;

/**
 * Periodic background work. Each job must be safe with several app instances running it at
 * once (row locks with SKIP LOCKED), so nothing here assumes it is the only process. Each run
 * logs under a correlation id of its own (`job:<name>:<uuid>`); work a request started (an
 * e-mail) is logged under that request's id.
 */
export function startJobs(observe: JobObserver, jobs: Job[] = []) {
  const timers = jobs.map((job) => {
    let running = false;
    return setInterval(() => {
      if (running) return;
      running = true;
      const started = process.hrtime.bigint();
      const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
      void requestContext.run({ correlationId: `job:${job.name}:${randomUUID()}`, orgResolutions: 0 }, () =>
        job
          .run()
          .then(
            () => observe(job.name, 'ok', seconds()),
            (error: unknown) => {
              observe(job.name, 'failed', seconds());
              log.error('job failed', { job: job.name, ...errorFields(error) });
            },
          )
          .finally(() => (running = false)),
      );
    }, job.everyMs).unref();
  });
  return { stop: () => timers.forEach(clearInterval) };
}

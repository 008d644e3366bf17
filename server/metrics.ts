// Prometheus metrics of one instance (issue 38 item 7), at GET /metrics behind a bearer token
// (METRICS_TOKEN; without it the path is not served). Per instance, so a scraper labels each by
// its target: the database pool, the queues in the database (shared: every instance reports the
// same depth), websockets, request latency by kind, job runs, and Node's own (event loop lag,
// heap, GC).
import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { queueStats } from '~/services/platform/queue-stats.server';
import { errorFields, log } from '~/services/platform/logger.server';

export type MetricsSources = {
  /** The PostgreSQL pool's connections; absent on PGlite (one connection, no pool). */
  pool?: () => { total: number; idle: number; waiting: number };
  realtime: () => { connections: number; subscriptions: number };
};

/** What a request was, for its latency histogram: few values, never its path (unbounded). */
export function requestKind(method: string, path: string, query: string): string {
  if (path === '/healthz' || path === '/metrics') return 'probe';
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/build/') || path.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(path)) return 'asset';
  if (/(^|&)_data=/.test(query)) return 'data';
  return method === 'GET' || method === 'HEAD' ? 'page' : 'action';
}

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer finished, by kind (page, data, action, api, asset, probe) and status class.',
    labelNames: ['kind', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  new Gauge({
    name: 'db_pool_connections',
    help: "The PostgreSQL pool's connections: open (total), idle, and requests waiting for one.",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = sources.pool?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const queueDepth = new Gauge({
    name: 'job_queue_depth',
    help: 'Rows waiting for a job, per queue (the database is shared: every instance reports the same).',
    labelNames: ['queue'] as const,
    registers,
  });
  const queueAge = new Gauge({
    name: 'job_queue_oldest_age_seconds',
    help: "How long the oldest waiting row of each queue has waited; the mail queue's is the outbox lag.",
    labelNames: ['queue'] as const,
    registers,
  });
  new Gauge({
    name: 'websocket_connections',
    help: 'Open graphql-ws connections on this instance.',
    registers,
    collect() {
      this.set(sources.realtime().connections);
    },
  });
  new Gauge({
    name: 'websocket_subscriptions',
    help: 'Active subscriptions on this instance.',
    registers,
    collect() {
      this.set(sources.realtime().subscriptions);
    },
  });
  const deliveries = new Counter({ name: 'websocket_messages_sent_total', help: 'Results sent to subscribers on this instance.', registers });
  const jobRuns = new Counter({ name: 'job_runs_total', help: 'Runs of each periodic job on this instance, by outcome.', labelNames: ['job', 'outcome'] as const, registers });
  const jobSeconds = new Histogram({
    name: 'job_run_duration_seconds',
    help: 'How long each periodic job run took on this instance.',
    labelNames: ['job'] as const,
    buckets: [0.001, 0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers,
  });

  return {
    registry,
    observeRequest: (kind: string, status: number, seconds: number) => requestSeconds.observe({ kind, status: `${Math.floor(status / 100)}xx` }, seconds),
    observeJob: (job: string, outcome: 'ok' | 'failed', seconds: number) => {
      jobRuns.inc({ job, outcome });
      jobSeconds.observe({ job }, seconds);
    },
    countDelivery: () => deliveries.inc(),
    /** GET /metrics: 404 without a token configured, 401 without the right one. */
    handler: (token: string | null): RequestHandler => {
      const expected = token ? Buffer.from(`Bearer ${token}`) : null;
      return async (req, res) => {
        if (!expected) return void res.status(404).type('text/plain').send('Not found\n');
        const given = Buffer.from(req.get('authorization') ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return void res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('Unauthorized: send the metrics token as a bearer token\n');
        }
        try {
          for (const stat of await queueStats()) {
            queueDepth.set({ queue: stat.queue }, stat.depth);
            queueAge.set({ queue: stat.queue }, stat.oldestAgeSeconds);
          }
        } catch (error) {
          // The database down: the other metrics (the pool's waiters first) say more than a 500.
          log.warn('metrics: queue depths not read', errorFields(error));
        }
        res
          .set('Cache-Control', 'no-store')
          .type(registry.contentType)
          .send(await registry.metrics());
      };
    },
  };
}

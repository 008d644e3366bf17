import { describe, expect, it } from 'vitest';
import { createMetrics, requestKind } from './metrics';

describe('the metrics', () => {
  it('name a request by its kind, never by its path (the label stays small)', () => {
    expect(requestKind('GET', '/hotels', '')).toBe('page');
    expect(requestKind('GET', '/hotel-details', 'id=4&_data=routes%2Fhotel-details')).toBe('data');
    expect(requestKind('POST', '/hotel-checkout', '')).toBe('action');
    expect(requestKind('POST', '/api/booking/initBooking', '')).toBe('api');
    expect(requestKind('GET', '/build/_shared/chunk-AB12.js', '')).toBe('asset');
    expect(requestKind('GET', '/favicon.ico', '')).toBe('asset');
    expect(requestKind('GET', '/healthz', '')).toBe('probe');
  });

  it('expose request latency, pool, websocket and job figures in the Prometheus text format', async () => {
    const metrics = createMetrics({ pool: () => ({ total: 7, idle: 5, waiting: 1 }), realtime: () => ({ connections: 3, subscriptions: 4 }) });
    metrics.observeRequest('page', 200, 0.012);
    metrics.observeJob('mail-delivery', 'failed', 0.2);
    metrics.countDelivery();
    const text = await metrics.registry.metrics();
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.025",kind="page",status="2xx"} 1');
    expect(text).toContain('db_pool_connections{state="waiting"} 1');
    expect(text).toContain('websocket_connections 3');
    expect(text).toContain('websocket_subscriptions 4');
    expect(text).toContain('websocket_messages_sent_total 1');
    expect(text).toContain('job_runs_total{job="mail-delivery",outcome="failed"} 1');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

import { once } from 'node:events';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_LIMITS } from '../../server/graphql-guards';
import { hashToken } from '~/services/identity/session.server';
import { useSeededDatabase } from '../support/databases';
import { type Handshake, realtimeClient as client, signInDemo, startRealtime } from '../support/realtime';

/** Opens a raw websocket; resolves with 101 and the socket, or the HTTP status of the refusal. */
function handshake(port: number, { host, origin, cookie }: Handshake): Promise<{ status: number; ws: WebSocket; body: string }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws', {
    headers: { host: `${host}:${port}`, ...(origin ? { origin: `${origin}:${port}` } : {}), ...(cookie ? { cookie } : {}) },
  });
  return new Promise((resolve, reject) => {
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ws, body }));
    });
    ws.on('open', () => resolve({ status: 101, ws, body: '' }));
    ws.on('error', reject);
  });
}

async function closeClientSide(ws: WebSocket) {
  ws.close();
  await once(ws, 'close');
}

type Outcome = { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[]; closed?: { code: number; reason: string } };

/** Runs one operation to its end: its last result, its errors, or the close that ended it. */
function run(graphql: Client, query: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let last: Outcome = {};
    graphql.subscribe(
      { query },
      {
        next: (result) => (last = { data: result.data, errors: result.errors as Outcome['errors'] }),
        error: (error: unknown) => {
          if (Array.isArray(error)) resolve({ errors: error as Outcome['errors'] });
          else {
            const event = error as { code: number; reason: string };
            resolve({ closed: { code: event.code, reason: event.reason } });
          }
        },
        complete: () => resolve(last),
      },
    );
  });
}

/** Starts a long subscription and resolves once it is live (its first tick arrived), or with its refusal. */
function holdSubscription(graphql: Client): Promise<{ live: boolean; errors?: Outcome['errors']; stop: () => void }> {
  return new Promise((resolve) => {
    const stop = graphql.subscribe(
      { query: 'subscription { serverTime(intervalMs: 60000, count: 3600) }' },
      {
        next: () => resolve({ live: true, stop }),
        error: (error: unknown) => resolve({ live: false, errors: error as Outcome['errors'], stop }),
        complete: () => {},
      },
    );
  });
}

describe('graphql-ws guard (S7) on PGlite', () => {
  const database = useSeededDatabase('pglite');
  const local = { host: 'localhost', origin: 'http://localhost' };
  const wanderly = { host: 'wanderly.localhost', origin: 'http://wanderly.localhost' };
  let testMode: Awaited<ReturnType<typeof startRealtime>>;
  let production: Awaited<ReturnType<typeof startRealtime>>;

  const signIn = (key: Parameters<typeof signInDemo>[1]) => signInDemo(database.db, key);

  beforeAll(async () => {
    testMode = await startRealtime('test');
    production = await startRealtime('production');
  });
  afterAll(async () => {
    await testMode?.stop();
    await production?.stop();
  });

  it('refuses a handshake without Origin, from another origin, or naming another host (403)', async () => {
    const { cookie } = await signIn('member');
    for (const attempt of [
      { host: 'localhost', cookie },
      { host: 'localhost', origin: 'https://evil.example', cookie },
      { host: 'localhost', origin: 'http://viajamas.localhost', cookie },
    ]) {
      const answer = await handshake(testMode.port, attempt);
      expect(answer.status, JSON.stringify(attempt)).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ status: 403, message: 'Origin not allowed' });
    }
    const accepted = await handshake(testMode.port, { ...local, cookie });
    expect(accepted.status).toBe(101);
    await closeClientSide(accepted.ws);
  });

  it('allows localhost only outside production; an organisation host in both', async () => {
    const { cookie } = await signIn('member');
    expect((await handshake(production.port, { ...local, cookie })).status).toBe(403);
    for (const port of [production.port, testMode.port]) {
      const accepted = await handshake(port, { ...wanderly, cookie });
      expect(accepted.status).toBe(101);
      await closeClientSide(accepted.ws);
    }
  });

  it('refuses a handshake without a live session of the site’s organisation (401)', async () => {
    const { cookie } = await signIn('member');
    const refused = [
      { ...local },
      { ...local, cookie: `userToken=${'x'.repeat(43)}` },
      // A wanderly session on another organisation's site reads as no session.
      { host: 'viajamas.localhost', origin: 'http://viajamas.localhost', cookie },
    ];
    for (const attempt of refused) {
      const answer = await handshake(testMode.port, attempt);
      expect(answer.status, JSON.stringify(attempt)).toBe(401);
      expect(JSON.parse(answer.body).message).toBe('Sign in first: a live session is required');
    }
  });

  it('closes the connection with 4401 at the next operation once the session has ended', async () => {
    const { cookie } = await signIn('member');
    const graphql = client(testMode.port, { ...local, cookie });
    // A live subscription keeps the (lazy) client's connection open.
    expect((await holdSubscription(graphql)).live).toBe(true);
    await database.db.deleteFrom('sessions').execute();
    expect(await run(graphql, '{ serverTime }')).toEqual({ closed: { code: 4401, reason: 'Session ended' } });
    await graphql.dispose();
  });

  it('closes every socket of a session within a second of its sign-out (4401), on every instance, with no new operation', async () => {
    const { cookie } = await signIn('member');
    const instances = [testMode, await startRealtime('test')];
    try {
      const clients = instances.map((instance) => client(instance.port, { ...local, cookie }));
      const closed = clients.map((graphql) => run(graphql, 'subscription { serverTime(intervalMs: 60000, count: 3600) }'));
      await Promise.all(clients.map(async (graphql) => expect((await holdSubscription(graphql)).live).toBe(true)));
      const signedOut = Date.now();
      await database.db
        .deleteFrom('sessions')
        .where('id', '=', hashToken(cookie.slice('userToken='.length)))
        .execute();
      for (const outcome of await Promise.all(closed)) expect(outcome.closed).toEqual({ code: 4401, reason: 'Session ended' });
      expect(Date.now() - signedOut).toBeLessThan(1_000);
      await Promise.all(clients.map((graphql) => graphql.dispose()));
    } finally {
      await instances[1]!.stop();
    }
  });

  it("closes a blocked user's sockets within a second (4403)", async () => {
    const { cookie, userDbId } = await signIn('newuser');
    const graphql = client(testMode.port, { ...local, cookie });
    const closed = run(graphql, 'subscription { serverTime(intervalMs: 60000, count: 3600) }');
    expect((await holdSubscription(graphql)).live).toBe(true);
    const blocked = Date.now();
    await database.db.updateTable('users').set({ is_blocked: true }).where('id', '=', userDbId).execute();
    try {
      expect((await closed).closed).toEqual({ code: 4403, reason: 'Account blocked' });
      expect(Date.now() - blocked).toBeLessThan(1_000);
    } finally {
      await database.db.updateTable('users').set({ is_blocked: false }).where('id', '=', userDbId).execute();
      await graphql.dispose();
    }
  });

  it('refuses introspection in production and allows it in test', async () => {
    const { cookie } = await signIn('member');
    const query = '{ __schema { queryType { name } } }';
    const inProduction = client(production.port, { ...wanderly, cookie });
    const inTest = client(testMode.port, { ...local, cookie });
    const refused = await run(inProduction, query);
    expect(refused.errors?.map((e) => e.message)).toContain('GraphQL introspection has been disabled, but the requested query contained the field "__schema".');
    expect(await run(inProduction, '{ serverTime }')).toMatchObject({ data: { serverTime: expect.any(String) } });
    expect(await run(inTest, query)).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    await inProduction.dispose();
    await inTest.dispose();
  });

  it('refuses an operation nested deeper than the limit', async () => {
    const { cookie } = await signIn('member');
    const graphql = client(testMode.port, { ...local, cookie });
    expect(REALTIME_LIMITS.maxDepth).toBe(6);
    const sixDeep = '{ __schema { types { fields { type { ofType { name } } } } } }';
    const sevenDeep = '{ __schema { types { fields { type { ofType { ofType { name } } } } } } }';
    expect((await run(graphql, sixDeep)).errors).toBeUndefined();
    const refused = await run(graphql, sevenDeep);
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: 'The operation is nested more than 6 levels deep; at most 6 are allowed',
        extensions: { code: 'DEPTH_LIMIT_EXCEEDED', maxDepth: 6 },
      }),
    ]);
    await graphql.dispose();
  });

  it('answers a syntax error as an error, keeping the connection', async () => {
    const { cookie } = await signIn('member');
    const graphql = client(testMode.port, { ...local, cookie });
    const broken = await run(graphql, '{ serverTime ');
    expect(broken.errors?.[0]?.message).toMatch(/^Syntax Error/);
    expect(await run(graphql, '{ serverTime }')).toMatchObject({ data: { serverTime: expect.any(String) } });
    await graphql.dispose();
  });

  it('caps connections per user (429) and frees a slot when one closes', async () => {
    const { cookie, userDbId } = await signIn('member');
    const other = await signIn('newuser');
    const first = testMode.accepted.length;
    const open: WebSocket[] = [];
    for (let i = 0; i < REALTIME_LIMITS.connectionsPerUser; i++) {
      const answer = await handshake(testMode.port, { ...local, cookie });
      expect(answer.status).toBe(101);
      open.push(answer.ws);
    }
    const refused = await handshake(testMode.port, { ...local, cookie });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ status: 429, message: 'Too many realtime connections: at most 5 per user' });
    // Another user is not affected.
    const otherUser = await handshake(testMode.port, { ...local, cookie: other.cookie });
    expect(otherUser.status).toBe(101);

    const serverSide = testMode.accepted[first]!;
    await Promise.all([closeClientSide(open[0]!), once(serverSide, 'close')]);
    const again = await handshake(testMode.port, { ...local, cookie });
    expect(again.status).toBe(101);

    await Promise.all([...open.slice(1), again.ws, otherUser.ws].map(closeClientSide));
    await Promise.all(testMode.accepted.slice(first).map((ws) => (ws.readyState === WebSocket.CLOSED ? undefined : once(ws, 'close'))));
    expect(testMode.graphql.usage(userDbId)).toEqual({ connections: 0, subscriptions: 0 });
  });

  it('caps active subscriptions per user across connections and frees them when they end or the connection closes', async () => {
    const { cookie, userDbId } = await signIn('member');
    const a = client(testMode.port, { ...local, cookie });
    const b = client(testMode.port, { ...local, cookie });
    const cap = REALTIME_LIMITS.subscriptionsPerUser;

    const firstAccepted = testMode.accepted.length;
    const held = [];
    for (let i = 0; i < cap - 1; i++) held.push(await holdSubscription(a));
    expect(held.every((s) => s.live)).toBe(true);
    // The last slot, taken by subscriptions that end by themselves, one after the other:
    // each frees its slot as it completes.
    for (let i = 0; i < 3; i++) {
      expect(await run(b, 'subscription { serverTime(intervalMs: 100, count: 1) }')).toMatchObject({ data: { serverTime: expect.any(String) } });
    }
    held.push(await holdSubscription(a));
    expect(held.at(-1)!.live).toBe(true);

    const refused = await holdSubscription(b);
    expect(refused.live).toBe(false);
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: 'Too many active subscriptions: at most 20 per user; end one first',
        extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
      }),
    ]);
    // Queries are not subscriptions: still answered.
    expect(await run(b, '{ serverTime }')).toMatchObject({ data: { serverTime: expect.any(String) } });
    expect(testMode.graphql.usage(userDbId)).toEqual({ connections: 2, subscriptions: cap });

    // Closing connection a frees its 20 subscriptions for connection b.
    // a connected first (clients connect at their first operation).
    const serverSideOfA = testMode.accepted[firstAccepted]!;
    await Promise.all([a.dispose(), once(serverSideOfA, 'close')]);
    expect(testMode.graphql.usage(userDbId)).toEqual({ connections: 1, subscriptions: 0 });
    const afterClose = await holdSubscription(b);
    expect(afterClose.live).toBe(true);
    afterClose.stop();
    await b.dispose();
  });
});

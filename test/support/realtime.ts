import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { loadConfigRegistry } from '~/services/config/config.server';
import type { Database } from '~/services/platform/db.server';
import type { Env } from '~/services/platform/env.server';
import { demoEmail } from '~/services/seed/demo-accounts';
import { createSession, getSessionByToken, sessionVerdicts } from '~/services/identity/session.server';
import { attachGraphqlWs } from '../../server/graphql';
import { freshVisitorOn } from './load-context';

/** An HTTP server with graphql-ws attached in-process, as server/index.ts does. */
export async function startRealtime(appEnv: Env['appEnv']) {
  const server: Server = createServer((_req, res) => res.writeHead(404).end());
  const registry = loadConfigRegistry();
  const graphql = attachGraphqlWs(server, { appEnv, registry: () => registry, findSession: getSessionByToken, sessionVerdicts: (ids) => sessionVerdicts(ids) });
  const accepted: WebSocket[] = [];
  graphql.wss.on('connection', (ws: WebSocket) => accepted.push(ws));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    graphql,
    /** The server side of the nth accepted connection, in order of acceptance. */
    accepted,
    stop: async () => {
      await graphql.close();
      server.close();
      server.closeAllConnections();
    },
  };
}

export type Handshake = { host: string; origin?: string; cookie?: string };

/** A WebSocket class whose handshake carries the given Host, Origin and cookie, as a browser's would. */
export function headerWebSocket(port: number, { host, origin, cookie }: Handshake) {
  const headers = { host: `${host}:${port}`, ...(origin ? { origin: `${origin}:${port}` } : {}), ...(cookie ? { cookie } : {}) };
  return class HeaderWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  };
}

/** A graphql-ws client whose handshake carries the given Host, Origin and cookie. */
export function realtimeClient(port: number, handshake: Handshake): Client {
  return createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: headerWebSocket(port, handshake), retryAttempts: 0, lazy: true });
}

/** A new session of a seeded wanderly user, made by the session service; returns the Cookie header. */
export async function signInDemo(db: Database, key: Parameters<typeof demoEmail>[1]) {
  const user = await db.selectFrom('users').select('id').where('email_normalized', '=', demoEmail('wanderly', key)).executeTakeFirstOrThrow();
  const { setCookie } = await createSession(freshVisitorOn('localhost'), { userId: user.id });
  return { cookie: setCookie.split(';')[0]!, userDbId: user.id };
}

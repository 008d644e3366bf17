import { Client, subscriptionExchange } from '@urql/core';
import { createClient as createSocketClient } from 'graphql-ws/client';
import { GRAPHQL_PATH } from '~/domain/realtime';

/** ws(s)://<host>/graphql of the page's own site (the session cookie goes with the upgrade). */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${GRAPHQL_PATH}`;
}

/** The client of `url`; `webSocketImpl` only where there is no global WebSocket (tests in Node). */
export function createGraphqlClient(url: string, webSocketImpl?: unknown): Client {
  const socket = createSocketClient({
    url,
    webSocketImpl,
    // The socket opens with the first operation and closes after the last one ends.
    lazy: true,
    // No reconnect loop: each channel falls back to polling when its socket fails (architecture
    // §6), so a blocked or refused socket costs one upgrade per subscription, not a storm.
    retryAttempts: 0,
  });
  return new Client({
    url: GRAPHQL_PATH,
    // /graphql answers only over the socket, queries included: no fetch exchange, no cache.
    exchanges: [
      subscriptionExchange({
        enableAllOperations: true,
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({ unsubscribe: socket.subscribe({ ...request, query: request.query ?? '' }, sink) }),
        }),
      }),
    ],
  });
}

let client: Client | undefined;

/** The browser's one GraphQL client (architecture §6), made at first use. Never on the server. */
export function graphqlClient(): Client {
  if (typeof window === 'undefined') throw new Error('The GraphQL client runs in the browser only');
  client ??= createGraphqlClient(realtimeUrl(window.location));
  return client;
}

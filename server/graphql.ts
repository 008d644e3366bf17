import type { IncomingMessage, Server } from 'node:http';
import { GraphQLObjectType, GraphQLSchema, GraphQLString, GraphQLInt, GraphQLNonNull } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { isSameOrigin } from './http';
import { log } from '~/services/logger.server';

async function* ticks(intervalMs: number, count: number): AsyncGenerator<{ serverTime: string }> {
  for (let i = 0; i < count; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
    yield { serverTime: new Date().toISOString() };
  }
}

/** The realtime schema. Later issues add booking-status, user and notification channels. */
export const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: { serverTime: { type: new GraphQLNonNull(GraphQLString), resolve: () => new Date().toISOString() } },
  }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      serverTime: {
        type: new GraphQLNonNull(GraphQLString),
        description: 'The server clock, once per interval; ends after `count` ticks.',
        args: {
          intervalMs: { type: GraphQLInt, defaultValue: 1000 },
          count: { type: GraphQLInt, defaultValue: 60 },
        },
        subscribe: (_root, args: { intervalMs: number; count: number }) =>
          ticks(Math.max(100, Math.min(args.intervalMs, 60_000)), Math.max(1, Math.min(args.count, 3600))),
      },
    },
  }),
});

/** graphql-ws on the HTTP server at /graphql; browsers must come from one of our hosts. */
export function attachGraphqlWs(server: Server) {
  const wss = new WebSocketServer({
    server,
    path: '/graphql',
    maxPayload: 64 * 1024,
    // Browsers must connect from the page's own origin; non-browser clients send no Origin.
    verifyClient: ({ origin, req }: { origin?: string; req: IncomingMessage }) =>
      !origin || isSameOrigin(origin, req.headers.host),
  });
  const cleanup = useServer({ schema }, wss);
  wss.on('error', (error) => log.error('graphql-ws server error', { error: error.message }));
  return {
    wss,
    close: async () => {
      await cleanup.dispose();
      wss.close();
    },
  };
}

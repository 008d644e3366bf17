import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type DocumentNode,
  getOperationAST,
  GraphQLError,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { type WebSocket, WebSocketServer } from 'ws';
import type { BookingStatusMessage } from '~/domain/booking-status';
import { GRAPHQL_PATH } from '~/domain/realtime';
import type { SessionUser } from '~/domain/session-user';
import { bookingStatusUpdates } from '~/services/booking/booking-status.server';
import { type UserEvent, userEventUpdates } from '~/services/fraud/user-events.server';
import { type ConfigRegistry, cookiesOfHeader, hostnameOfHostHeader, orgOfHost } from '~/services/config/config.server';
import type { Env } from '~/services/platform/env.server';
import { log } from '~/services/platform/logger.server';
import { type ActiveSession, SESSION_COOKIE } from '~/services/identity/session.server';
import { REALTIME_LIMITS, UsageCounter, depthLimitRule, isAllowedOrigin } from './graphql-guards';

/** What every resolver sees: the signed-in user of the connection, checked again per operation. */
export type RealtimeContext = { user: SessionUser; userDbId: number };

/**
 * Ticks of the server clock. A hand-written iterator rather than an async generator: a
 * generator's `return()` waits behind its pending `next()`, so unsubscribing would hold the
 * timer (and the user's subscription slot) until the next tick.
 */
function ticks(intervalMs: number, count: number): AsyncIterableIterator<{ serverTime: string }> {
  let sent = 0;
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const done = { done: true, value: undefined } as const;
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (ended || sent >= count) return done;
      if (sent > 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, intervalMs);
        });
      }
      if (ended) return done;
      sent += 1;
      return { done: false, value: { serverTime: new Date().toISOString() } };
    },
    async return() {
      ended = true;
      clearTimeout(timer);
      wake?.();
      return done;
    },
  };
}

const BookingStatusMessageType = new GraphQLObjectType<BookingStatusMessage>({
  name: 'BookingStatusMessage',
  description: 'Spec §3 "Booking status message".',
  fields: {
    status: { type: new GraphQLNonNull(GraphQLString) },
    booking_id: { type: new GraphQLNonNull(GraphQLString), description: 'The booking reference, e.g. WAN-7K2QX9AB.' },
  },
});

const UserEventType = new GraphQLObjectType<UserEvent>({
  name: 'UserEvent',
  description: 'Spec §4 "Fingerprint and fraud channel events".',
  fields: {
    seq: { type: new GraphQLNonNull(GraphQLInt), description: 'The event’s number among the user’s events: pass the last one seen as `after` when subscribing again.' },
    kind: { type: new GraphQLNonNull(GraphQLString), description: 'request_fingerprint, user_blocked or min_checkin_days_updated.' },
    minCheckinDays: { type: GraphQLInt, description: 'min_checkin_days_updated: the user’s own lead days (null: the organisation’s).' },
  },
});

/** The realtime schema. */
export const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: { serverTime: { type: new GraphQLNonNull(GraphQLString), resolve: () => new Date().toISOString() } },
  }),
  subscription: new GraphQLObjectType<unknown, RealtimeContext>({
    name: 'Subscription',
    fields: {
      serverTime: {
        type: new GraphQLNonNull(GraphQLString),
        description: 'The server clock, once per interval; ends after `count` ticks.',
        args: {
          intervalMs: { type: GraphQLInt, defaultValue: 1000 },
          count: { type: GraphQLInt, defaultValue: 60 },
        },
        subscribe: (_root, args: { intervalMs: number; count: number }) => ticks(Math.max(100, Math.min(args.intervalMs, 60_000)), Math.max(1, Math.min(args.count, 3600))),
      },
      bookingStatus: {
        type: new GraphQLNonNull(BookingStatusMessageType),
        description:
          'The status of one of your bookings now, then at each change; completes after confirmed, failed or cancelled. ' +
          'Completes with nothing for a booking that is not yours or does not exist.',
        args: { bookingId: { type: new GraphQLNonNull(GraphQLString), description: 'The booking reference.' } },
        subscribe: (_root, args: { bookingId: string }, context: RealtimeContext) =>
          bookingStatusUpdates(args.bookingId, { orgId: context.user.org_id, userDbId: context.userDbId }),
        resolve: (message) => message as BookingStatusMessage,
      },
      userEvents: {
        type: new GraphQLNonNull(UserEventType),
        description: 'Your user events, each as it commits. `after`: the last number you saw; you receive everything after it, missed ones first. Without it: from now on.',
        args: { after: { type: GraphQLInt } },
        subscribe: (_root, args: { after?: number | null }, context: RealtimeContext) => userEventUpdates(context.userDbId, args.after ?? null),
        resolve: (event) => event as UserEvent,
      },
    },
  }),
});

/** Close code when the connection's session has ended (sign-out, timeout): sign in again. */
export const CLOSE_SESSION_ENDED = CloseCode.Unauthorized;
/** Close code when the connection's user (or the author of its impersonated session) was blocked. */
export const CLOSE_USER_BLOCKED = CloseCode.Forbidden;
/** How often each instance checks the sessions of its open connections: an ended one closes within a second. */
const SESSION_SWEEP_MS = 500;

export type GraphqlWsOptions = {
  appEnv: Env['appEnv'];
  /** The organisations as served now (a publish changes them): their hosts are the Origin allowlist, and a host names the session's organisation. */
  registry: () => Pick<ConfigRegistry, 'orgs' | 'defaultOrg'>;
  /** The live session a cookie secret opens on an organisation's site (getSessionByToken). */
  findSession: (input: { token: string; orgId: string }) => Promise<ActiveSession | null>;
  /** Whether sessions (by id) still stand, read without touching them (sessionVerdicts). */
  sessionVerdicts: (ids: readonly string[]) => Promise<Map<string, 'live' | 'ended' | 'blocked'>>;
  /** Called for each result sent to a subscriber (the metrics count deliveries). */
  onDelivery?: () => void;
};

/** One accepted connection: whose it is, and which of its operations hold a subscription slot. */
type Connection = { token: string; orgId: string; sessionId: string; userDbId: number; subscriptionIds: Set<string>; closed: boolean };

/** Answers an upgrade request with a plain HTTP refusal and no socket. */
function refuseUpgrade(socket: Duplex, status: number, message: string) {
  if (!socket.writable) return socket.destroy();
  const body = JSON.stringify({ status, message });
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\n` + `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/**
 * graphql-ws on the HTTP server at /graphql (S7). The handshake needs an allowed Origin (403),
 * a live session cookie (401) and a free connection slot for the user (429); each operation
 * is checked for depth (and introspection in production), re-checks the session (close 4401)
 * and, for a subscription, takes one of the user's subscription slots. Every open socket's
 * session is checked twice a second: one that ended closes 4401, a blocked user's 4403.
 */
export function attachGraphqlWs(server: Server, { appEnv, registry, findSession, sessionVerdicts, onDelivery }: GraphqlWsOptions) {
  const production = appEnv === 'production';
  const rules = [...specifiedRules, depthLimitRule(REALTIME_LIMITS.maxDepth), ...(production ? [NoSchemaIntrospectionCustomRule] : [])];
  // Per instance: several instances each cap their own connections (decision 0017).
  const connections = new UsageCounter<number>(REALTIME_LIMITS.connectionsPerUser);
  const subscriptions = new UsageCounter<number>(REALTIME_LIMITS.subscriptionsPerUser);
  const connectionOf = new WeakMap<WebSocket, Connection>();
  const open = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  // A session that ends (sign-out, expiry, idle, its user or impersonating author blocked) closes
  // its sockets on every instance: each checks the sessions of its own open sockets in one read.
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping || open.size === 0) return;
    sweeping = true;
    const sockets = [...open];
    const ids = [...new Set(sockets.map((ws) => connectionOf.get(ws)!.sessionId))];
    sessionVerdicts(ids)
      .then((verdicts) => {
        for (const ws of sockets) {
          const verdict = verdicts.get(connectionOf.get(ws)!.sessionId);
          if (verdict === 'blocked') ws.close(CLOSE_USER_BLOCKED, 'Account blocked');
          else if (verdict === 'ended') ws.close(CLOSE_SESSION_ENDED, 'Session ended');
        }
      })
      .catch((error: unknown) => log.warn('websocket session check failed: tried again shortly', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => (sweeping = false));
  }, SESSION_SWEEP_MS);
  sweep.unref();

  async function admit(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const { origin, host, cookie } = req.headers;
    const orgs = registry();
    const claimedHosts = new Set(orgs.orgs.flatMap((org) => org.hosts));
    if (!isAllowedOrigin({ origin, host, claimedHosts, allowLocalhost: !production })) {
      log.warn('websocket refused: origin', { origin, host });
      return refuseUpgrade(socket, 403, 'Origin not allowed');
    }
    const cookies = cookiesOfHeader(cookie);
    const token = cookies.get(SESSION_COOKIE);
    const org = orgOfHost(orgs, { hostname: hostnameOfHostHeader(host ?? ''), orgIdCookie: cookies.get('orgid') });
    const session = token ? await findSession({ token, orgId: org.orgId }) : null;
    if (!token || !session) return refuseUpgrade(socket, 401, 'Sign in first: a live session is required');
    if (socket.destroyed) return;
    const userDbId = session.userDbId;
    if (!connections.take(userDbId)) {
      log.warn('websocket refused: connection cap', { user: session.user.userId });
      return refuseUpgrade(socket, 429, `Too many realtime connections: at most ${REALTIME_LIMITS.connectionsPerUser} per user`);
    }
    let released = false;
    const connection: Connection = { token, orgId: org.orgId, sessionId: session.sessionId, userDbId, subscriptionIds: new Set(), closed: false };
    // Frees the slots exactly once, whether the handshake fails (the TCP socket closes) or the
    // websocket closes later; synchronously, so a reconnect right after a close finds them free.
    const release = () => {
      connection.closed = true;
      connection.subscriptionIds.forEach(() => subscriptions.release(userDbId));
      connection.subscriptionIds.clear();
      if (released) return;
      released = true;
      connections.release(userDbId);
    };
    socket.once('close', release);
    socket.off('error', destroyOnError);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.once('close', () => {
        open.delete(ws);
        release();
      });
      connectionOf.set(ws, connection);
      open.add(ws);
      wss.emit('connection', ws, req);
    });
  }

  function destroyOnError(this: Duplex) {
    this.destroy();
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Until ws takes the socket, a client reset must not become an unhandled 'error'.
    socket.on('error', destroyOnError);
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== GRAPHQL_PATH) return refuseUpgrade(socket, 404, 'No websocket endpoint here');
    admit(req, socket, head).catch((error: unknown) => {
      log.error('websocket handshake failed', { error: error instanceof Error ? error.message : String(error) });
      refuseUpgrade(socket, 500, 'Internal server error');
    });
  };
  server.on('upgrade', onUpgrade);

  const refusal = (message: string, code: string) => [new GraphQLError(message, { extensions: { code } })];

  const cleanup = useServer(
    {
      schema,
      isProd: production,
      onSubscribe: async (ctx, id, payload) => {
        const socket = ctx.extra.socket;
        const connection = connectionOf.get(socket);
        if (!connection) return refusal('Unknown connection', 'UNAUTHENTICATED');
        // A session ended after the handshake (sign-out, block, timeout) ends the connection.
        const session = await findSession({ token: connection.token, orgId: connection.orgId });
        if (!session || session.userDbId !== connection.userDbId) {
          socket.close(CLOSE_SESSION_ENDED, 'Session ended');
          return refusal('Your session has ended; sign in again', 'UNAUTHENTICATED');
        }
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: REALTIME_LIMITS.maxTokens });
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('The query could not be parsed')];
        }
        const errors = validate(schema, document, rules);
        if (errors.length > 0) return [...errors];
        const operation = getOperationAST(document, payload.operationName);
        if (!operation) return refusal('Name the operation to run', 'BAD_OPERATION');
        if (operation.operation === 'subscription') {
          if (connection.closed) return refusal('The connection has closed', 'CONNECTION_CLOSED');
          if (!subscriptions.take(connection.userDbId)) {
            return refusal(`Too many active subscriptions: at most ${REALTIME_LIMITS.subscriptionsPerUser} per user; end one first`, 'TOO_MANY_SUBSCRIPTIONS');
          }
          connection.subscriptionIds.add(id);
        }
        const contextValue: RealtimeContext = { user: session.user, userDbId: session.userDbId };
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
      },
      ...(onDelivery ? { onNext: () => void onDelivery() } : {}),
      // Called once per operation that ran, however it ended (completed, errored, unsubscribed).
      onComplete: (ctx, id) => {
        const connection = connectionOf.get(ctx.extra.socket);
        if (connection?.subscriptionIds.delete(id)) subscriptions.release(connection.userDbId);
      },
    },
    wss,
  );
  wss.on('error', (error) => log.error('graphql-ws server error', { error: error.message }));
  return {
    wss,
    /** Slots held now, for tests and diagnostics. */
    usage: (userDbId: number) => ({ connections: connections.count(userDbId), subscriptions: subscriptions.count(userDbId) }),
    /** Open connections and active subscriptions on this instance, for the metrics. */
    totals: () => ({ connections: open.size, subscriptions: subscriptions.total() }),
    close: async () => {
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      await cleanup.dispose();
    },
  };
}

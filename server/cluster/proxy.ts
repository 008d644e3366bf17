// The cluster in a box's front door (issue 38): round-robin over the app instances for HTTP and
// websockets. An instance that refuses the connection (stopped, killed) is passed over and the
// request goes to the next; a request an instance took and then dropped gets 502, as from any
// proxy. It says who the client is in X-Forwarded-For (the instances trust loopback) and clears
// X-Forwarded-Host, as README's nginx example does.
import { type IncomingMessage, type Server, Agent, createServer, request as httpRequest } from 'node:http';
import { type Socket, connect } from 'node:net';

export type Backend = { host: string; port: number };

export type RoundRobinProxy = {
  url: string;
  port: number;
  /** How many websockets are open through the proxy to each backend, by port. */
  openSockets: () => Map<number, number>;
  stop: () => Promise<void>;
};

const BODY_LIMIT = 16 * 1024 * 1024;
/** Errors of a connection the backend closed or never accepted. */
const NOT_TAKEN = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'EPIPE']);
const SAFE_TO_REPEAT = new Set(['GET', 'HEAD', 'OPTIONS']);

function forwardedFor(req: IncomingMessage): string {
  const client = req.socket.remoteAddress ?? '';
  const earlier = req.headers['x-forwarded-for'];
  return earlier ? `${earlier}, ${client}` : client;
}

/** The request's body, or null past BODY_LIMIT; rejects when the client drops mid-body. */
async function bodyOf(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function startRoundRobinProxy(backends: Backend[], port = 0): Promise<RoundRobinProxy> {
  if (backends.length === 0) throw new Error('the proxy needs at least one backend');
  let next = 0;
  const agents = backends.map(() => new Agent({ keepAlive: true, maxSockets: 256 }));
  const sockets = new Map<number, number>(backends.map((b) => [b.port, 0]));
  const open = new Set<Socket>();
  /** The backends in the order this request tries them: the next in turn, then the others. */
  const turn = () => {
    const first = next++ % backends.length;
    return backends.map((_, i) => (first + i) % backends.length);
  };

  const server: Server = createServer(async (req, res) => {
    // Buffered (bounded), so a request a stopped instance refused can go to the next one whole.
    const body = await bodyOf(req).catch(() => undefined);
    if (body === undefined) return void res.destroy(); // the client went away mid-request
    if (!body) {
      res.writeHead(413).end('Request body too large');
      return;
    }
    // As README's nginx: the client's address and scheme said, X-Forwarded-Host cleared.
    const { 'x-forwarded-host': _cleared, ...passed } = req.headers;
    const headers = { ...passed, 'x-forwarded-for': forwardedFor(req), 'x-forwarded-proto': 'http' };
    const order = turn();
    const attempt = (k: number) => {
      const index = order[k]!;
      const backend = backends[index]!;
      const upstream = httpRequest({ host: backend.host, port: backend.port, method: req.method, path: req.url, headers, agent: agents[index] }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (res.headersSent) return void res.destroy();
        // Refused: the instance never saw it. Reset: it may have (killed mid-request), so only
        // a request safe to repeat goes on, as nginx does by default.
        const another = error.code === 'ECONNREFUSED' || (SAFE_TO_REPEAT.has(req.method ?? '') && NOT_TAKEN.has(error.code ?? ''));
        if (another && k + 1 < order.length) return attempt(k + 1);
        res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway');
      });
      upstream.end(body);
    };
    attempt(0);
  });

  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const order = turn();
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (!['x-forwarded-for', 'x-forwarded-host'].includes(req.rawHeaders[i]!.toLowerCase())) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    }
    lines.push(`X-Forwarded-For: ${forwardedFor(req)}`, '', '');
    const attempt = (k: number) => {
      const backend = backends[order[k]!]!;
      const upstream = connect(backend.port, backend.host);
      let connected = false;
      upstream.on('connect', () => {
        connected = true;
        sockets.set(backend.port, (sockets.get(backend.port) ?? 0) + 1);
        upstream.write(lines.join('\r\n'));
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('close', () => {
        if (connected) sockets.set(backend.port, (sockets.get(backend.port) ?? 1) - 1);
        client.destroy();
      });
      upstream.on('error', () => {
        if (!connected && k + 1 < order.length && !client.destroyed) {
          upstream.removeAllListeners('close');
          return attempt(k + 1);
        }
        client.destroy();
      });
      client.on('close', () => upstream.destroy());
    };
    attempt(0);
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    openSockets: () => new Map(sockets),
    stop: async () => {
      for (const socket of open) socket.destroy();
      for (const agent of agents) agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

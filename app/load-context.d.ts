import '@remix-run/node';

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce: string;
    correlationId: string;
    /** The visitor's address: the socket's, or a trusted proxy's X-Forwarded-For (TRUST_PROXY). */
    clientIp: string;
  }
}

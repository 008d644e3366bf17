// Links the platform sends (sign-up, password reset, sign-in links) point at the organisation's
// own public origin, never at whatever Host or X-Forwarded-Host a request claimed: a forged
// header must not turn a reset e-mail into a link to someone else's site (docs/decisions/0015).

/** Where an organisation's links point: its configured origin, else (demo and tests) its first host on this port. */
export function publicOriginFor(org: { publicOrigin?: string; hosts: readonly string[] }, port: number): string {
  if (org.publicOrigin) return org.publicOrigin;
  return `http://${org.hosts[0]}:${port}`;
}

/**
 * What a configured public origin must satisfy, as `path: message` pairs: its host must be
 * one the organisation claims (or its links lead to a refused host), and in production it
 * must exist and be https (a derived http://host:port only suits a machine's own browser).
 */
export function publicOriginProblems(org: { publicOrigin?: string; hosts: readonly string[] }, production: boolean): { path: string; message: string }[] {
  if (!org.publicOrigin) {
    return production ? [{ path: 'publicOrigin', message: 'required in production (e.g. "https://travel.example.com")' }] : [];
  }
  let url: URL;
  try {
    url = new URL(org.publicOrigin);
  } catch {
    return [{ path: 'publicOrigin', message: 'must be an origin such as "https://travel.example.com"' }];
  }
  const problems: { path: string; message: string }[] = [];
  if (production && url.protocol !== 'https:') problems.push({ path: 'publicOrigin', message: 'must be https in production' });
  if (!org.hosts.includes(url.hostname)) problems.push({ path: 'publicOrigin', message: `host '${url.hostname}' is not one of hosts` });
  return problems;
}

/** The machine's own names: a browser reaches them without TLS, and only from this machine. */
export function isLocalHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname.endsWith('.localhost');
}

/** Cookies carry Secure in production whatever the host; elsewhere everywhere but the machine's own names. */
export function cookiesMustBeSecure(production: boolean, hostname: string): boolean {
  return production || !isLocalHostname(hostname);
}

import type { ShellData } from './shell.server';

/**
 * Server-side route behaviours of spec §2 that redirect (e.g. the trip link). Throws a
 * redirect Response when the request must go elsewhere; returns otherwise.
 */
export async function applyRouteBehaviours(_request: Request, _shell: ShellData): Promise<void> {}

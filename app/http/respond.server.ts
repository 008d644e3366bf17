import { json } from '@remix-run/node';
import type { Answer } from '~/domain/answer';

/** A service's answer as the API's JSON: its status, its body, never cached (an answer is one caller's). */
export function respond(result: Answer, headers: Record<string, string> = {}) {
  return json(result.body, { status: result.status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

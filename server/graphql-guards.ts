import { type FragmentDefinitionNode, GraphQLError, Kind, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';
import { isLocalHostname } from '~/domain/public-origin';
import { isSameOrigin } from './http';

/** S7 limits of the realtime endpoint (see docs/decisions/0017-realtime-guard.md). */
export const REALTIME_LIMITS = {
  /** Deepest operation accepted: room for nested channel payloads, not for abuse. */
  maxDepth: 6,
  /** Tokens in one operation document: bounds parsing work before any rule runs. */
  maxTokens: 2_000,
  /** Open connections per user on one instance (a few tabs and devices). */
  connectionsPerUser: 5,
  /** Active subscriptions per user across their connections on one instance. */
  subscriptionsPerUser: 20,
} as const;

/**
 * The handshake Origin check: a browser must name one of the hosts an organisation claims,
 * and the very host it connects to. Outside production localhost, 127.0.0.1 and *.localhost
 * pass too (tests and the demo). A request without Origin is refused: only browsers are
 * expected here, and a missing Origin is what a forged cross-site handshake would look like.
 */
export function isAllowedOrigin({
  origin,
  host,
  claimedHosts,
  allowLocalhost,
}: {
  origin: string | undefined;
  host: string | undefined;
  claimedHosts: ReadonlySet<string>;
  allowLocalhost: boolean;
}): boolean {
  if (!origin || !isSameOrigin(origin, host)) return false;
  const { hostname } = new URL(origin);
  return claimedHosts.has(hostname) || (allowLocalhost && isLocalHostname(hostname));
}

/**
 * Counts what each user holds (connections, subscriptions) against a cap. `take` and
 * `release` are synchronous so a check and its reservation cannot interleave with another.
 */
export class UsageCounter<Key> {
  private readonly held = new Map<Key, number>();

  constructor(readonly cap: number) {}

  /** Reserves one unit for `key`; false when the key already holds `cap`. */
  take(key: Key): boolean {
    const count = this.held.get(key) ?? 0;
    if (count >= this.cap) return false;
    this.held.set(key, count + 1);
    return true;
  }

  release(key: Key): void {
    const count = this.held.get(key) ?? 0;
    // Deleting at zero keeps the map as small as the set of users currently connected.
    if (count <= 1) this.held.delete(key);
    else this.held.set(key, count - 1);
  }

  count(key: Key): number {
    return this.held.get(key) ?? 0;
  }

  /** Units held across all keys. */
  total(): number {
    let sum = 0;
    for (const count of this.held.values()) sum += count;
    return sum;
  }
}

/**
 * Refuses operations nested deeper than `maxDepth` fields. Fragments count where they are
 * spread; introspection fields count like any other (a deep `__type { fields { type { fields`
 * is as costly as a deep query).
 */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext) => ({
    OperationDefinition(operation) {
      const depth = selectionDepth(operation.selectionSet, context, new Set(), maxDepth + 1);
      if (depth <= maxDepth) return;
      const name = operation.name ? ` '${operation.name.value}'` : '';
      context.reportError(
        new GraphQLError(`The operation${name} is nested more than ${maxDepth} levels deep; at most ${maxDepth} are allowed`, {
          nodes: [operation],
          extensions: { code: 'DEPTH_LIMIT_EXCEEDED', maxDepth },
        }),
      );
    },
  });
}

/** Depth of a selection set, counted no further than `stopAt` (a hostile document can nest thousands deep). */
function selectionDepth(set: SelectionSetNode, context: ValidationContext, spread: ReadonlySet<string>, stopAt: number): number {
  if (stopAt <= 0) return 0;
  let deepest = 0;
  for (const selection of set.selections) {
    let depth = 0;
    if (selection.kind === Kind.FIELD) {
      depth = 1 + (selection.selectionSet ? selectionDepth(selection.selectionSet, context, spread, stopAt - 1) : 0);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = selectionDepth(selection.selectionSet, context, spread, stopAt);
    } else {
      const name = selection.name.value;
      // A fragment cycle is reported by graphql's own NoFragmentCycles rule; here it just stops.
      const fragment: FragmentDefinitionNode | null | undefined = spread.has(name) ? undefined : context.getFragment(name);
      if (fragment) depth = selectionDepth(fragment.selectionSet, context, new Set([...spread, name]), stopAt);
    }
    deepest = Math.max(deepest, depth);
    if (deepest >= stopAt) break;
  }
  return deepest;
}

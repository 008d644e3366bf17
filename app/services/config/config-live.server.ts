// Live configuration (docs/decisions/0063): the server serves what is published in the store and
// installs each publish, from any instance, as it commits (a NOTIFY on the publish's channel,
// LISTENed on PostgreSQL; the embedded database hands it over in-process). No restart.
import type { OpenedDatabase } from '../platform/db.server';
import { log } from '../platform/logger.server';
import { type ConfigRegistry, configVersionOf, registryOf, setConfigRegistry } from './config.server';
import { CONFIG_PUBLISHED_CHANNEL, loadPublished } from './config-store.server';

async function installPublished(opened: OpenedDatabase, install: (registry: ConfigRegistry) => void, previous?: ConfigRegistry): Promise<ConfigRegistry> {
  const { checked, versions } = await loadPublished(opened.db);
  const registry = registryOf(checked, versions, previous);
  install(registry);
  return registry;
}

/**
 * Installs the published configurations, then every later publish. Installs run one at a time, in
 * order; notices arriving while one waits are answered by that one. Listening starts first, so a
 * publish committed during the first read is read again after it. A reload that fails (the
 * database gone a moment) keeps serving what it had and is tried on the next notice.
 */
export async function serveStoredConfigs(
  opened: OpenedDatabase,
  install: (registry: ConfigRegistry) => void = setConfigRegistry,
): Promise<{ registry: ConfigRegistry; stop: () => Promise<void> }> {
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = false;
  let current: ConfigRegistry | undefined;
  const reload = (): void => {
    if (waiting) return;
    waiting = true;
    queue = queue
      .then(async () => {
        waiting = false;
        const next = await installPublished(opened, install, current);
        current = next;
        log.info('configuration installed', { versions: Object.fromEntries(next.orgs.map((org) => [org.orgId, configVersionOf(org)])) });
      })
      .catch((error: unknown) => log.error('configuration reload failed', { error: error instanceof Error ? error.message : String(error) }));
  };
  const unlisten = await opened.listen(CONFIG_PUBLISHED_CHANNEL, reload, reload);
  const first = queue.then(() => installPublished(opened, install));
  queue = first.catch(() => undefined);
  const registry = await first;
  current = registry;
  return {
    registry,
    stop: async () => {
      await unlisten();
      await queue;
    },
  };
}

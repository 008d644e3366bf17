// Live configuration (docs/decisions/0063): the server serves what is published in the store and
// installs each publish, from any instance, as it commits (a NOTIFY on the publish's channel,
// LISTENed on PostgreSQL; the embedded database hands it over in-process). No restart.
import type { OpenedDatabase } from '../platform/db.server';
import { log } from '../platform/logger.server';
import { type ConfigRegistry, configVersionOf, registryOf, setConfigRegistry } from './config.server';
import { CONFIG_PUBLISHED_CHANNEL, loadPublished } from './config-store.server';

async function installPublished(opened: OpenedDatabase, install: (registry: ConfigRegistry) => void): Promise<ConfigRegistry> {
  const { checked, versions } = await loadPublished(opened.db);
  const registry = registryOf(checked, versions);
  install(registry);
  return registry;
}

/**
 * Installs the published configurations, then every later publish. Reloads run one at a time;
 * notices arriving during one are answered by a single reload after it. A reload that fails
 * (the database gone a moment) keeps serving what it had and is tried on the next notice.
 */
export async function serveStoredConfigs(
  opened: OpenedDatabase,
  install: (registry: ConfigRegistry) => void = setConfigRegistry,
): Promise<{ registry: ConfigRegistry; stop: () => Promise<void> }> {
  const registry = await installPublished(opened, install);
  let running: Promise<void> | null = null;
  let again = false;
  const reload = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = installPublished(opened, install)
      .then((next) => log.info('configuration installed', { versions: Object.fromEntries(next.orgs.map((org) => [org.orgId, configVersionOf(org)])) }))
      .catch((error: unknown) => log.error('configuration reload failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          reload();
        }
      });
  };
  const unlisten = await opened.listen(CONFIG_PUBLISHED_CHANNEL, reload, reload);
  return {
    registry,
    stop: async () => {
      await unlisten();
      await running;
    },
  };
}

// `npm start` builds only when the build is older than something it is built from: a fresh clone
// or an edited file builds, a start right after `npm run build` (README's test command starts the
// site this way after building once) does not build the same thing again.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = process.cwd();
/** What the build reads: the app, its schemas, its static files, its config, and the installed packages (npm writes node_modules/.package-lock.json on every install). */
const SOURCES = ['app', 'schemas', 'public', 'remix.config.js', 'remix.env.d.ts', 'tsconfig.json', 'package.json', 'node_modules/.package-lock.json'];
/** The build's own output, inside `public`. */
const OUTPUT = join(ROOT, 'public', 'build');
const BUILT = join(ROOT, 'build', 'version.txt');

function newestChange(path: string): number {
  if (path === OUTPUT || !existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(BUILT) && existsSync(OUTPUT) ? statSync(BUILT).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map((source) => newestChange(join(ROOT, source))));
if (builtAt > changedAt) {
  process.stdout.write('The build is current: not building again.\n');
} else {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(build.status ?? 1);
}

/**
 * Local fixes to Remix's and React Router's server code and to Remix's
 * <Scripts> (both copies: the page paints before its JavaScript is asked for, decision 0048), applied
 * after every install (package.json "postinstall"), until upstream has them
 * (docs/decisions/0043). Every document request built the whole route tree again and matched
 * paths by flattening, ranking and compiling every route: with our ~76 routes, about 1.3 ms per
 * request, more than a whole bare Remix page. The fixes keep what depends only on the route tree:
 * built once per build, ranked once per tree, each path pattern compiled once. The server never
 * changes a route tree after making it (the browser's router does, as it discovers routes: it
 * loads the router packages' ESM builds, never touched).
 * More skip per-request work whose answer is already known: a loader's json() data used as it is
 * (when JSON would give it back unchanged) rather than streamed back through its Response and
 * parsed, that Response's body stream made only if something reads it, and its text spliced into
 * the document's handoff rather than written again; the visitor's request handed to each loader
 * when there is no Remix parameter to strip from it (not two new Requests per loader). Two fixes
 * that earned nothing measurable in the A/B of 2026-11-30 (React Router's link resolution, React's
 * JSX runtime) were dropped (decision 0043, bench/fixes.ts).
 *
 * Each fix names the version it was written for and the exact text it replaces: another version,
 * or text not found, leaves that file as published (it works, only slower) and says so, so the
 * install of a newer (security) release never fails here; the contract test
 * (test/contracts/dependency-patches.test.ts) fails instead, asking for the fix to be updated.
 * A file is never half fixed. A fixed file is left as it is, so running this again changes nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MARK_PREFIX = '/* patched: docs/decisions/0043';

/**
 * The first line of a file its fix was applied to, naming that fix's version (a hash of its
 * replacements): a second run leaves the file alone, and a file fixed by another version of
 * this script (an install older than a change here) is refused rather than left half fixed.
 */
export function markOf(fix) {
  return `${MARK_PREFIX} ${createHash('sha256').update(JSON.stringify(fix.replacements)).digest('hex').slice(0, 12)} */`;
}

/**
 * The router's and the server runtime's isResponse (the same text in both): a Response is known by
 * its class before its shape, since reading `body` would make a kept json() answer's body stream
 * (the router's fix below). The shape still tells Responses of another realm.
 */
const responseByClassFirst = {
  find: `function isResponse(value) {
  return value != null && typeof value.status === "number"`,
  replace: `function isResponse(value) {
  return typeof Response === "function" && value instanceof Response || value != null && typeof value.status === "number"`,
};

/**
 * Remix's <Scripts>, changed so the page paints before its JavaScript is fetched
 * (docs/decisions/0048): no modulepreload links in the markup; its module script adds them, then
 * imports the manifest, the routes and the entry, once the first frame is painted (or after
 * half a second, for a tab that is not shown). The same in the server's copy and the browser's
 * (the links are part of what the browser hydrates). Kept as Remix made it with lazy route
 * discovery or hot reloading, which we do not use.
 */
function paintFirstFix(file, react) {
  return {
    name: '@remix-run/react',
    version: '2.17.5',
    file,
    replacements: [
      {
        find: 'let routeModulesScript = !isStatic ? " " : `',
        replace: 'let routeModulesScript = !isStatic ? " " : startsAfterPaint(manifest, enableFogOfWar) ? scriptStartingAfterPaint(manifest, matches) : `',
      },
      {
        find: `  return isHydrated ? null : /*#__PURE__*/${react}.createElement(${react}.Fragment, null, !enableFogOfWar`,
        replace: `  if (!isHydrated && startsAfterPaint(manifest, enableFogOfWar)) return ${react}.createElement(${react}.Fragment, null, initialScripts, deferredScripts);
  return isHydrated ? null : /*#__PURE__*/${react}.createElement(${react}.Fragment, null, !enableFogOfWar`,
      },
      {
        find: 'function DeferredHydrationScript({',
        replace: `function startsAfterPaint(manifest, enableFogOfWar) {
  return !enableFogOfWar && !(manifest.hmr && manifest.hmr.runtime);
}
// The script depends only on the build's manifest and the matched routes: written once for each.
let afterPaintScripts = new WeakMap();
function scriptStartingAfterPaint(manifest, matches) {
  let byRoutes = afterPaintScripts.get(manifest);
  if (!byRoutes) afterPaintScripts.set(manifest, byRoutes = new Map());
  let key = matches.map(match => match.route.id).join("\\n");
  let script = byRoutes.get(key);
  if (script === undefined) byRoutes.set(key, script = writeScriptStartingAfterPaint(manifest, matches));
  return script;
}
function writeScriptStartingAfterPaint(manifest, matches) {
  let routes = matches.map(match => manifest.routes[match.route.id]);
  let modules = dedupe([manifest.url, manifest.entry.module, ...manifest.entry.imports, ...routes.flatMap(route => (route.imports || []).concat([route.module]))]);
  return \`let started = false;
let start = () => {
  if (started) return;
  started = true;
  for (let href of \${JSON.stringify(modules)}) {
    let link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  import(\${JSON.stringify(manifest.url)})
    .then(() => Promise.all([\${routes.map(route => \`import(\${JSON.stringify(route.module)})\`).join(", ")}]))
    .then(routeModules => {
      window.__remixRouteModules = {\${matches.map((match, index) => \`\${JSON.stringify(match.route.id)}: routeModules[\${index}]\`).join(", ")}};
      return import(\${JSON.stringify(manifest.entry.module)});
    });
};
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 500);\`;
}
function DeferredHydrationScript({`,
      },
    ],
  };
}

export const fixes = [
  {
    name: '@remix-run/router',
    version: '1.23.3',
    file: 'dist/router.cjs.js',
    replacements: [
      {
        // A route tree's branches ranked once, and each path's matches kept (at most 1,000 paths of
        // at most 512 characters a tree): the same path always matches the same routes. Callers
        // get their own copies.
        find: `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    // Incoming pathnames are generally encoded from either window.location
    // or from router.navigate, but we want to match against the unencoded
    // paths in the route definitions.  Memory router locations won't be
    // encoded here but there also shouldn't be anything to decode so this
    // should be a safe operation.  This avoids needing matchRoutes to be
    // history-aware.
    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  return matches;
}`,
        replace: `  let matches = keptMatchesOf(routes, decodePath(pathname), allowPartial);
  if (!matches) return null;
  // The matches of one path share one params object, as matchRouteBranch made them.
  let params = Object.assign({}, matches[0].params);
  return matches.map(match => Object.assign({}, match, { params }));
}`,
      },
      {
        find: 'function matchRoutesImpl(routes, locationArg, basename, allowPartial) {',
        replace: `const keptMatches = new WeakMap();
function keptMatchesOf(routes, decoded, allowPartial) {
  let kept = keptMatches.get(routes);
  if (!kept) {
    let branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    kept = { branches, byPath: new Map() };
    keptMatches.set(routes, kept);
  }
  let key = (allowPartial ? "partial " : "whole ") + decoded;
  let matches = kept.byPath.get(key);
  if (matches === undefined) {
    matches = null;
    for (let i = 0; matches == null && i < kept.branches.length; ++i) {
      matches = matchRouteBranch(kept.branches[i], decoded, allowPartial);
    }
    // Paths are the visitor's: long ones are not kept.
    if (decoded.length <= 512) {
      if (kept.byPath.size >= 1000) kept.byPath.clear();
      kept.byPath.set(key, matches);
    }
  }
  return matches;
}
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {`,
      },
      {
        // A loader's json() answer is read back by the router in the same process: its data and
        // text are kept beside the Response, not streamed through the body and parsed again. The
        // data itself is used when JSON would give it back unchanged (else its text is parsed), and
        // its text is kept for the document's handoff.
        find: `  return new Response(JSON.stringify(data), _extends({}, responseInit, {
    headers
  }));`,
        replace: `  let text = JSON.stringify(data);
  let bodyInit = _extends({}, responseInit, {
    headers
  });
  let response = text !== undefined && KeptJsonResponse && !nullBodyStatuses.has(bodyInit.status) ? new KeptJsonResponse(text, bodyInit) : new Response(text, bodyInit);
  if (text !== undefined) jsonTexts.set(response, { data, text });
  return response;`,
      },
      {
        find: 'const json = function json(data, init) {',
        replace: `// A json() answer whose body stream is only made when something reads the body: on a document
// request the router takes the kept data (below) and nothing does, and Node's body stream costs
// more than writing the JSON. Whatever reads it gets the body a Response of the text would have.
const KeptJsonResponse = typeof Response === "function" ? class KeptJsonResponse extends Response {
  #text;
  #bodied = null;
  constructor(text, init) {
    super(null, init);
    this.#text = text;
  }
  #withBody() {
    return this.#bodied ??= new Response(this.#text, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
  get body() { return this.#withBody().body; }
  get bodyUsed() { return this.#bodied !== null && this.#bodied.bodyUsed; }
  arrayBuffer() { return this.#withBody().arrayBuffer(); }
  blob() { return this.#withBody().blob(); }
  bytes() { return this.#withBody().bytes(); }
  formData() { return this.#withBody().formData(); }
  json() { return this.#withBody().json(); }
  text() { return this.#withBody().text(); }
  clone() { return this.#withBody().clone(); }
} : null;
// Statuses whose Response may have no body (the Fetch standard's "null body status").
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);
const jsonTexts = new WeakMap();
// The text each loader's data was written as, for the document's handoff (server-runtime's
// serverHandoff.js): the data is not written a second time.
const loaderTexts = new WeakMap();
function keptJsonTextOf(value) {
  return value !== null && typeof value === "object" ? loaderTexts.get(value) : undefined;
}
// Whether JSON.parse(JSON.stringify(value)) gives back an equal value: plain objects and arrays of
// strings, booleans, null and finite numbers, without undefined, holes, functions, Dates or other
// instances. Such data is read as it is; any other is read back from its text, as before.
function jsonRoundTripsAsIs(value) {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object": {
      if (value === null) return true;
      let proto = Object.getPrototypeOf(value);
      if (proto === Array.prototype) {
        for (let i = 0; i < value.length; i++) if (!(i in value) || !jsonRoundTripsAsIs(value[i])) return false;
        return true;
      }
      if (proto !== Object.prototype && proto !== null) return false;
      for (let key in value) if (!jsonRoundTripsAsIs(value[key])) return false;
      return true;
    }
    default:
      return false;
  }
}
const json = function json(data, init) {`,
      },
      {
        find: `        if (result.body == null) {
          data = null;
        } else {
          data = await result.json();
        }`,
        replace: `        if (jsonTexts.has(result) && !result.bodyUsed) {
          let kept = jsonTexts.get(result);
          data = jsonRoundTripsAsIs(kept.data) ? kept.data : JSON.parse(kept.text);
          if (data !== null && typeof data === "object") loaderTexts.set(data, kept.text);
        } else if (result.body == null) {
          data = null;
        } else {
          data = await result.json();
        }`,
      },
      responseByClassFirst,
      {
        find: 'exports.json = json;',
        replace: 'exports.json = json;\nexports.UNSAFE_keptJsonTextOf = keptJsonTextOf;',
      },
      {
        // Compile each pattern once: the matcher has no global flag and the params list is only read.
        find: 'function compilePath(path, caseSensitive, end) {\n  if (caseSensitive === void 0) {',
        replace: `const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  let key = path + "\\u0000" + Boolean(caseSensitive) + "\\u0000" + (end === void 0 || Boolean(end));
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    if (compiledPaths.size >= 1000) compiledPaths.clear();
    compiled = compilePathOnce(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathOnce(path, caseSensitive, end) {
  if (caseSensitive === void 0) {`,
      },
    ],
  },
  {
    name: '@remix-run/react',
    version: '2.17.5',
    file: 'dist/server.js',
    replacements: [
      {
        // One server route tree per build's manifest (a manifest is one build's: its modules, its
        // future flags and mode never change under it).
        find: '  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);',
        replace: `  let routes$1 = serverRoutes.get(manifest.routes);
  if (!routes$1) {
    routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
    serverRoutes.set(manifest.routes, routes$1);
  }`,
      },
      {
        find: 'function RemixServer({',
        replace: `const serverRoutes = new WeakMap();\nfunction RemixServer({`,
      },
    ],
  },
  {
    name: '@remix-run/server-runtime',
    version: '2.17.5',
    file: 'dist/data.js',
    replacements: [
      {
        // Every loader got a new Request (two, in fact) even when stripping changes nothing: the
        // visitor's own request is passed on when its URL is already what stripping would make
        // (no parameter to strip, the query in URLSearchParams' own form). Loaders' requests have no body.
        find: `  let result = await loader({
    request: singleFetch ? stripRoutesParam(stripIndexParam(request)) : stripDataParam(stripIndexParam(request)),`,
        replace: `  let result = await loader({
    request: !singleFetch && !request.body && strippedUrlOf(request.url) === request.url ? request : singleFetch ? stripRoutesParam(stripIndexParam(request)) : stripDataParam(stripIndexParam(request)),`,
      },
      {
        find: "var responses = require('./responses.js');",
        replace: `function strippedUrlOf(href) {
  let url = new URL(href);
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  return url.href;
}
var responses = require('./responses.js');`,
      },
    ],
  },
  {
    name: '@remix-run/server-runtime',
    version: '2.17.5',
    file: 'dist/responses.js',
    replacements: [responseByClassFirst],
  },
  {
    name: '@remix-run/server-runtime',
    version: '2.17.5',
    file: 'dist/serverHandoff.js',
    replacements: [
      {
        // The document's handoff holds every loader's data: each is spliced in as the text its
        // json() already wrote (the router keeps it), not written again. The state comes last,
        // as it did, so the text is the same as JSON.stringify's.
        find: `function createServerHandoffString(serverHandoff) {
  // Uses faster alternative of jsesc to escape data returned from the loaders.
  // This string is inserted directly into the HTML in the \`<Scripts>\` element.
  return markup.escapeHtml(JSON.stringify(serverHandoff));
}`,
        replace: `function createServerHandoffString(serverHandoff) {
  return markup.escapeHtml(handoffJson(serverHandoff));
}
function handoffJson(serverHandoff) {
  let { state, ...rest } = serverHandoff;
  if (!state || !state.loaderData) return JSON.stringify(serverHandoff);
  let entries = [];
  for (let routeId of Object.keys(state.loaderData)) {
    let value = state.loaderData[routeId];
    let text = router.UNSAFE_keptJsonTextOf(value);
    if (text === undefined) text = JSON.stringify(value);
    if (text !== undefined) entries.push(JSON.stringify(routeId) + ":" + text);
  }
  let others = JSON.stringify({ ...state, loaderData: undefined });
  let stateText = '{"loaderData":{' + entries.join(",") + "}" + (others === "{}" ? "}" : "," + others.slice(1));
  let restText = JSON.stringify(rest);
  return restText === "{}" ? '{"state":' + stateText + "}" : restText.slice(0, -1) + ',"state":' + stateText + "}";
}`,
      },
      {
        find: "var markup = require('./markup.js');",
        replace: "var router = require('@remix-run/router');\nvar markup = require('./markup.js');",
      },
    ],
  },
  {
    name: 'react-router-dom',
    version: '6.30.4',
    file: 'server.js',
    replacements: [
      {
        // The data routes of a route tree, made once (their matching is then ranked once too).
        find: '  let manifest = {};\n  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);',
        replace: `  let converted = staticDataRoutes.get(routes);
  if (!converted) {
    let manifest = {};
    converted = { manifest, dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest) };
    staticDataRoutes.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;`,
      },
      {
        find: 'function createStaticRouter(routes, context, opts = {}) {',
        replace: `const staticDataRoutes = new WeakMap();\nfunction createStaticRouter(routes, context, opts = {}) {`,
      },
    ],
  },
  paintFirstFix('dist/components.js', 'React__namespace'),
  paintFirstFix('dist/esm/components.js', 'React'),
];

/** The installed version of `name` under `root`, or null when it is not installed. */
function installedVersion(root, name) {
  const file = path.join(root, 'node_modules', name, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : null;
}

/**
 * Applies every fix under `root`'s node_modules; a fix that does not fit its package (another
 * version, its text not there, the package not installed) is skipped and named through `warn`.
 * Returns the files fixed.
 */
export function applyFixes(root = process.cwd(), warn = (message) => console.warn(`patch-dependencies: ${message}`)) {
  const applied = [];
  for (const fix of fixes) {
    const version = installedVersion(root, fix.name);
    if (version === null) {
      warn(`${fix.name} is not installed: its fix to ${fix.file} is not applied`);
      continue;
    }
    if (version !== fix.version) {
      warn(`${fix.name} is ${version}; its fix was written for ${fix.version}: ${fix.file} left as published (check whether the fix is still needed and update it)`);
      continue;
    }
    const file = path.join(root, 'node_modules', fix.name, fix.file);
    let text = readFileSync(file, 'utf8');
    const mark = markOf(fix);
    if (text.startsWith(`${mark}\n`)) continue;
    if (text.includes(MARK_PREFIX))
      throw new Error(`${fix.name}/${fix.file} carries another version of its fix: reinstall the package (npm ci) so it is fixed from its published text`);
    const missing = fix.replacements.find(({ find }) => text.split(find).length !== 2);
    if (missing) {
      warn(`${fix.name}/${fix.file}: the text to replace is not there exactly once, so the file is left as published:\n${missing.find}`);
      continue;
    }
    for (const { find, replace } of fix.replacements) text = text.replace(find, () => replace);
    writeFileSync(file, `${mark}\n${text}`);
    applied.push(`${fix.name}/${fix.file}`);
  }
  return applied;
}

/**
 * Takes `fix` back out of its file under `root` (the published text again), for the benchmark
 * that weighs each fix against the published code (bench/fixes.ts); `applyFixes` puts it back.
 * False when the file does not carry this fix.
 */
export function removeFix(fix, root = process.cwd()) {
  const file = path.join(root, 'node_modules', fix.name, fix.file);
  const mark = `${markOf(fix)}\n`;
  let text = readFileSync(file, 'utf8');
  if (!text.startsWith(mark)) return false;
  text = text.slice(mark.length);
  for (const { find, replace } of [...fix.replacements].reverse()) {
    if (text.split(replace).length !== 2) throw new Error(`${fix.name}/${fix.file}: cannot take the fix out (its text is not there exactly once)`);
    text = text.replace(replace, () => find);
  }
  writeFileSync(file, text);
  return true;
}

/**
 * Which fixes the install under `root` carries: each file with its fix's mark is active; any
 * other says why not (the package's installed version against the one the fix was written for).
 */
export function fixReport(root = process.cwd()) {
  return fixes.map((fix) => {
    const installed = installedVersion(root, fix.name);
    const file = path.join(root, 'node_modules', fix.name, fix.file);
    const active = installed !== null && existsSync(file) && readFileSync(file, 'utf8').startsWith(`${markOf(fix)}\n`);
    const why = active
      ? null
      : installed === null
        ? 'not installed'
        : installed !== fix.version
          ? `installed ${installed}, written for ${fix.version}`
          : 'its text was not found (see the install log)';
    return { fix: `${fix.name}/${fix.file}`, writtenFor: fix.version, installed, active, why };
  });
}

/** The report as lines: `active ` or `SKIPPED`, the file, and why not. */
export function reportLines(report) {
  return report.map((row) => `${row.active ? 'active ' : 'SKIPPED'}  ${row.fix}${row.why ? `: ${row.why}` : ''}`);
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--report')) {
    const report = fixReport();
    if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
    else console.log(reportLines(report).join('\n'));
  } else {
    const skipped = [];
    const applied = applyFixes(process.cwd(), (message) => skipped.push(message));
    if (applied.length > 0) console.log(`patched: ${applied.join(', ')}`);
    // Loud, and never failing the install: an unfixed file works as published, only slower.
    if (skipped.length > 0) {
      const rule = '!'.repeat(78);
      console.warn(
        [
          rule,
          `patch-dependencies: ${skipped.length} of ${fixes.length} fixes NOT applied (the install is fine; those pages are slower, docs/decisions/0043):`,
          ...skipped.map((message) => `- ${message}`),
          'Run `node scripts/patch-dependencies.mjs --report` for the fixes in force.',
          rule,
        ].join('\n'),
      );
    }
  }
}

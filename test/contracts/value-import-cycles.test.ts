// Issue 35 (habits): no module of the app imports, through values, a module that imports it back.
// A value cycle makes the order modules initialise in depend on who is imported first (a constant
// read before it is set), and ties two rooms of the house into one. Type-only imports are erased by
// the compiler and do not count. The cycles still standing are listed by name: a new one fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');

/** Cycles known today, each as its sorted members: none since holds and stored value parted (issue 35). */
const KNOWN_CYCLES: readonly (readonly string[])[] = [];

const sourceFiles = () =>
  readdirSync(join(ROOT, 'app'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'));

/** The project's compiler options (tsconfig.json, its `paths` included), as the compiler reads them. */
const compilerOptions = (() => {
  const configPath = join(ROOT, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, configPath).options;
})();

/** The project file a specifier names, resolved by the TypeScript compiler itself; null for a package or a file outside the project. */
function resolve(from: string, specifier: string): string | null {
  const resolved = ts.resolveModuleName(specifier, join(ROOT, from), compilerOptions, ts.sys).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport) return null;
  const path = relative(ROOT, resolved.resolvedFileName).split('\\').join('/');
  return path.startsWith('..') ? null : path;
}

/** The modules a file imports or re-exports values from. */
function valueImports(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, false, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!onlyTypes) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolve(path, specifier.text);
      if (target) found.push(target);
    }
  }
  return found;
}

/** The strongly connected components of more than one module (Tarjan), each sorted. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('value import cycles', () => {
  it('none beyond the known ones, with the modules resolved as the compiler resolves them', () => {
    const graph = new Map(sourceFiles().map((path) => [path, valueImports(path)]));
    // The graph is the real one: relative, `~/` and `#schemas/` imports all resolve.
    expect(graph.get('app/services/booking/hold-release.server.ts')).toContain('app/services/stored-value/stored-value.server.ts');
    expect(graph.get('app/services/stored-value/stored-value.server.ts')).toContain('app/domain/quote.ts');
    expect(graph.get('app/services/config/config-check.server.ts')).toContain('schemas/org-config.schema.ts');
    expect(cycles(graph)).toEqual(KNOWN_CYCLES);
  });

  it('finds a cycle through values, not through types', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b']]);
  });
});

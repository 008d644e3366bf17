// Issue 35 (habits): no module of the app imports, through values, a module that imports it back.
// A value cycle makes the order modules initialise in depend on who is imported first (a constant
// read before it is set), and ties two rooms of the house into one. Type-only imports are erased by
// the compiler and do not count. The cycles still standing are listed by name: a new one fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');

/** Cycles known today, each as its sorted members; issue 35 breaks them. */
const KNOWN_CYCLES: readonly (readonly string[])[] = [['app/services/holds.server.ts', 'app/services/stored-value.server.ts']];

const sourceFiles = () =>
  readdirSync(join(ROOT, 'app'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'));

/** The file a specifier names, as the project's paths (`~/` → app, `#schemas/` → schemas) resolve it; null outside the project. */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('~/') ? join('app', specifier.slice(2)) : specifier.startsWith('#schemas/') ? join('schemas', specifier.slice(9)) : specifier.startsWith('.') ? join(dirname(from), specifier) : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(join(ROOT, candidate))) return candidate.split('\\').join('/');
  }
  return null;
}

/** The modules a file imports or re-exports values from. */
function valueImports(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, false, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const onlyTypes = clause !== undefined && (clause.isTypeOnly || (!clause.name && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)));
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
  it('none beyond the known ones (the seed and its parts no longer import each other)', () => {
    const graph = new Map(sourceFiles().map((path) => [path, valueImports(path)]));
    expect(cycles(graph)).toEqual(KNOWN_CYCLES);
  });

  it('finds a cycle through values, not through types', () => {
    const graph = new Map([['a', ['b']], ['b', ['a']], ['c', ['a']]]);
    expect(cycles(graph)).toEqual([['a', 'b']]);
  });
});

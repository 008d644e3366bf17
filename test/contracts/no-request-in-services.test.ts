// Issue 10, acceptance 6: services take the request context (or its parts), never a `Request`;
// and no code forges a `Request` to reuse code that wants one (docs/decisions/0024).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');

/** The one place that builds a `Request`: the adapter from Express to Remix. */
const MAY_BUILD_A_REQUEST = new Set(['server/remix-handler.ts']);

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter(keep)
    .sort();
}

const serverModule = (path: string) => path.endsWith('.server.ts') && !path.endsWith('.test.ts');
const mentionsRequest = (type: ts.TypeNode | undefined, source: ts.SourceFile) => type !== undefined && /\bRequest\b/.test(type.getText(source));

/** `file: function(parameter)` for every exported function with a parameter whose type mentions `Request`. */
function requestParameters(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const check = (name: string, parameters: ts.NodeArray<ts.ParameterDeclaration>) => {
    for (const parameter of parameters) {
      if (mentionsRequest(parameter.type, source)) found.push(`${path}: ${name}(${parameter.name.getText(source)}: ${parameter.type!.getText(source)})`);
    }
  };
  for (const statement of source.statements) {
    if (!exported(statement)) continue;
    if (ts.isFunctionDeclaration(statement)) check(statement.name?.text ?? 'default', statement.parameters);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) check(declaration.name.getText(source), init.parameters);
      }
    }
  }
  return found;
}

describe('no service takes a Request', () => {
  const files = [...filesUnder('app/services', serverModule), ...filesUnder('app/blocks', serverModule)];
  const offenders = new Map(files.map((path) => [path, requestParameters(path, readFileSync(join(ROOT, path), 'utf8'))]));

  it('finds a Request parameter where there is one (the check itself works)', () => {
    const sample = [
      'export function a(request: Request) {}',
      'export const b = async (x: number, { request }: { request: Request }) => x;',
      'export function c(context: RequestContext) {}',
      'function d(request: Request) {}',
    ].join('\n');
    expect(requestParameters('sample.ts', sample)).toEqual(['sample.ts: a(request: Request)', 'sample.ts: b({ request }: { request: Request })']);
  });

  it('no exported function of app/services or app/blocks has a parameter typed Request', () => {
    expect([...offenders.values()].flat()).toEqual([]);
  });
});

describe('no code forges a Request', () => {
  it('`new Request(` appears in app/ and server/ only in the Express-to-Remix adapter', () => {
    const code = (path: string) => /\.(ts|tsx)$/.test(path) && !/\.(test|spec)\.tsx?$/.test(path);
    const forging = [...filesUnder('app', code), ...filesUnder('server', code)].filter(
      (path) => !MAY_BUILD_A_REQUEST.has(path) && /\bnew\s+(globalThis\.)?Request\s*\(/.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(forging).toEqual([]);
  });
});

/** Whether a module builds an HTTP answer: Remix's `json`/`redirect`, or a `Response` of its own. */
const buildsHttp = (text: string) =>
  /import\s*\{[^}]*\b(json|redirect)\b[^}]*\}\s*from\s*'@remix-run\/node'/.test(text) || /\bnew\s+Response\s*\(|\bResponse\.json\s*\(/.test(text);

describe('services return typed results, not HTTP', () => {
  const services = filesUnder('app/services', (path) => path.endsWith('.ts') && !path.endsWith('.test.ts'));
  const building = services.filter((path) => buildsHttp(readFileSync(join(ROOT, path), 'utf8')));

  it('recognises an HTTP answer (the check itself works)', () => {
    expect(buildsHttp("import { json } from '@remix-run/node';")).toBe(true);
    expect(buildsHttp("import { type LoaderFunctionArgs, redirect } from '@remix-run/node';")).toBe(true);
    expect(buildsHttp('return new Response(null, { status: 204 });')).toBe(true);
    expect(buildsHttp("import type { Selectable } from 'kysely';")).toBe(false);
  });

  it('no service builds one (issue 35 item 4): services return typed results, app/http answers', () => {
    expect(building).toEqual([]);
  });
});

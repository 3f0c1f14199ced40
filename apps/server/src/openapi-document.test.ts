import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, lint } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from './export-openapi.js';

/**
 * The committed API document (apps/server/openapi.json) is what third parties build on: it passes
 * Redocly's recommended rules without an error, and a typed client generated from it with
 * openapi-typescript compiles. app.test.ts holds it equal to what the app serves.
 */
describe('the committed API document', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'patrol-openapi-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lint({ ref: OPENAPI_FILE, config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(errors).toEqual([]);
  });

  it('generates a typed client with openapi-typescript that compiles', async () => {
    const document = JSON.parse(await readFile(OPENAPI_FILE, 'utf8')) as Parameters<typeof openapiTS>[0];
    const types = astToString(await openapiTS(document));
    const typesFile = path.join(folder, 'api.ts');
    const useFile = path.join(folder, 'use.ts');
    await writeFile(typesFile, types);
    // A client's use of the generated types: a request body, a query and an answer's data.
    await writeFile(
      useFile,
      [
        "import type { paths, components } from './api.js';",
        "type Login = paths['/api/system-server/auth/login']['post'];",
        "export const login: Login['requestBody'] extends { content: { 'application/json': infer B } } ? B : never =",
        "  { account: 'admin', password: 'a'.repeat(64) };",
        "type Page = paths['/api/system-server/user/page']['get']['parameters']['query'];",
        'export const page: Page = { index: 1, size: 20 };',
        "type Tree = paths['/api/system-server/menu/tree']['get']['responses'][200]['content']['application/json'];",
        "export const children = (tree: Tree): components['schemas']['MenuAdminNode'][] => tree.data.flatMap((n) => n.children);",
        '',
      ].join('\n'),
    );
    const program = ts.createProgram([typesFile, useFile], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    expect(diagnostics).toEqual([]);
  });
});

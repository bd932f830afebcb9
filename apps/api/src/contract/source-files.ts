import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const REPO_ROOT = join(__dirname, '..', '..', '..', '..');

/** The source files (not tests, not test helpers) under these folders of the repository, parsed. */
export function sourceFiles(folders: readonly string[]): ts.SourceFile[] {
  const files: ts.SourceFile[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path).sort()) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) {
        if (name !== 'node_modules' && name !== 'testing') walk(child);
      } else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts')) {
        const text = readFileSync(child, 'utf8');
        files.push(ts.createSourceFile(relative(REPO_ROOT, child), text, ts.ScriptTarget.ES2022, true));
      }
    }
  };
  for (const folder of folders) walk(join(REPO_ROOT, folder));
  return files;
}

/** Every node of a file, depth first. */
export function* nodesOf(node: ts.Node): Generator<ts.Node> {
  yield node;
  for (const child of node.getChildren()) yield* nodesOf(child);
}

// Compiles the API and the libraries it runs on from TypeScript to JavaScript ahead of time, for the
// container image: `node apps/api/dist/main.js` then runs with no TypeScript compiler or loader at all.
//
//   node tools/image/compile-workspaces.mjs                 # src/**/*.ts -> dist/**/*.js (specs left out)
//   node tools/image/compile-workspaces.mjs --point-main    # also points each library's package.json at dist/
//
// --point-main rewrites package.json files, so it is for the image's build stage only, never a checkout.
// The options are the ones the tests and `npm start` use (SWC, legacy decorators with metadata for Nest,
// CommonJS, ES2022).
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFileSync } from '@swc/core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pointMain = process.argv.includes('--point-main');

/** The API and every library (libs/*, libs/games/*): each with a package.json and a src/ folder. */
function workspaces() {
  const found = [join(root, 'apps', 'api')];
  for (const parent of [join(root, 'libs'), join(root, 'libs', 'games')]) {
    for (const name of readdirSync(parent)) {
      const dir = join(parent, name);
      if (statSync(join(dir, 'src'), { throwIfNoEntry: false })?.isDirectory() && statSync(join(dir, 'package.json'), { throwIfNoEntry: false })) {
        found.push(dir);
      }
    }
  }
  return found;
}

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !/\.(unit|int|e2e)\.spec\.ts$/.test(entry.name)) yield path;
  }
}

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: false,
  swcrc: false,
};

let files = 0;
for (const workspace of workspaces()) {
  const src = join(workspace, 'src');
  for (const file of sources(src)) {
    const out = join(workspace, 'dist', relative(src, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, transformFileSync(file, options).code);
    files += 1;
  }
  if (pointMain) {
    const manifestPath = join(workspace, 'package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    // main and every export (e.g. "./testing") from src/*.ts to dist/*.js.
    const toDist = (path) => path.replace(/^(\.\/)?src\/(.*)\.ts$/, '$1dist/$2.js');
    if (typeof manifest.main === 'string') manifest.main = toDist(manifest.main);
    if (manifest.exports !== undefined) manifest.exports = JSON.parse(JSON.stringify(manifest.exports), (_key, value) => (typeof value === 'string' ? toDist(value) : value));
    delete manifest.types;
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  }
}
console.log(`Compiled ${files} files of ${workspaces().length} workspaces${pointMain ? '; libraries point at dist/' : ''}.`);

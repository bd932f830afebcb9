const preset = require('../../jest.preset.js');

const swc = preset.transform['^.+\\.(t|j)sx?$'];
const [, swcOptions] = swc;

/** Nest 12 ships ES modules only; Jest (CommonJS on Node 20) needs them compiled like our sources. */
const esmOnly = ['@nestjs', 'jose'];

/** Library sources resolved the same way TypeScript resolves them (tsconfig.base.json paths). */
const { compilerOptions } = require('../../tsconfig.base.json');
const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([name, [target]]) => [`^${name.replace(/[/.]/g, '\\$&')}$`, `<rootDir>/../../${target}`]),
);

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  displayName: '@corbeille/api',
  // Whole games over HTTP: a bound against a hang, with room for a loaded machine (two projects test at once).
  testTimeout: 180_000,
  moduleNameMapper,
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swcOptions, module: { type: 'commonjs', ignoreDynamic: false } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
};

const preset = require('../../jest.preset.js');

const [, swcOptions] = preset.transform['^.+\\.(t|j)sx?$'];

/** The game file tests start the API: Nest 12 ships ES modules only, compiled here like our sources (as in apps/api). */
const esmOnly = ['@nestjs', 'jose'];

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  displayName: '@corbeille/tools-replay-verify',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swcOptions, module: { type: 'commonjs', ignoreDynamic: false } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
};

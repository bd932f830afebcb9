const preset = require('../../jest.preset.js');

const swcTarget = { target: 'es2022' };

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  displayName: '@corbeille/dashboard',
  testMatch: ['<rootDir>/src/**/*.{unit,int,e2e}.spec.{ts,tsx}'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testTimeout: 30000,
  transform: {
    '^.+\\.tsx$': [
      '@swc/jest',
      {
        jsc: { ...swcTarget, parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
        module: { type: 'commonjs' },
      },
    ],
    '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { ...swcTarget, parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
};

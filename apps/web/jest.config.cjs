// Two projects: fast unit tests, and browser tests that start a gateway, this app and Chromium.
const project = require('../../tooling/jest/preset.cjs');

module.exports = [
  project(__dirname, { testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/browser/'] }),
  project(__dirname, {
    displayName: 'web-browser',
    testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
  }),
];

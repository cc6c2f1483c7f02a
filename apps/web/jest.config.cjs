// Two projects: fast unit tests, and browser tests that start a gateway and this app, and share
// one Chromium.
const project = require('../../tooling/jest/preset.cjs');

// Vite's `?url` stylesheet imports are a URL string in the app; in unit tests, any string does.
const moduleNameMapper = { '^(\\.{1,2}/.*)\\.js$': '$1', '\\.css\\?url$': '<rootDir>/test/stylesheet-url.cjs' };

module.exports = [
  project(__dirname, { testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/browser/'], moduleNameMapper }),
  project(__dirname, {
    displayName: 'web-browser',
    testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
    // One Chromium for the whole run; each test file connects to it (test/browser/chromium.cjs).
    globalSetup: '<rootDir>/test/browser/chromium-setup.cjs',
    globalTeardown: '<rootDir>/test/browser/chromium-teardown.cjs',
  }),
];

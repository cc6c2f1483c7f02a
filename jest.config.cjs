// One jest run over every package: one process, one summary line for CI.
const { existsSync, readdirSync } = require('node:fs');
const { availableParallelism } = require('node:os');
const path = require('node:path');

const projects = ['packages', 'apps'].flatMap((group) =>
  readdirSync(path.join(__dirname, group))
    .map((name) => path.join(__dirname, group, name, 'jest.config.cjs'))
    .filter((file) => existsSync(file))
    .flatMap((file) => [].concat(require(file))),
);
// The production-like integration suite (two gateways, nginx, PostgreSQL, Redis) and deploy-file checks.
projects.push(require('./tooling/integration/jest.config.cjs'));

module.exports = {
  projects,
  reporters: ['default', '<rootDir>/tooling/jest/summary-reporter.cjs'],
  // Global options: jest ignores them inside project configs.
  testTimeout: 30000,
  // The suites wait on sockets, databases, Chromium and hashing threads as much as they compute:
  // two workers on two cores (jest's default there is one, in band) halve the run; more cores, cores - 1.
  maxWorkers: Math.max(2, availableParallelism() - 1),
};

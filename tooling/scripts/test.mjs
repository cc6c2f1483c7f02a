#!/usr/bin/env node
// The jest part of `pnpm test` (after the build, `tooling/scripts/build.mjs`). Arguments go to jest.
//
// Without TEST_NODE24: one jest run of every project on this Node, as bare `jest` does.
// With TEST_NODE24=<path to a Node 24 binary> (set by .ci/run): the projects that need Node 24
// (the gateway's HTTP tests on PGlite and the integration suite, whose gateways run on the Node
// that runs jest) run on it, every other project on this Node; each project runs once. Then the
// 20 slowest test files of both runs, and ONE line for both as the very last line:
// "N passed, N failed, N skipped". The exit code is non-zero when either run failed.
//
// TEND_TEST_SUMMARY=<file> also writes that last line to the file.
// `--selectProjects a b` narrows both runs (e.g. `pnpm test --selectProjects kernel`).
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const jestBin = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const { slowestTable, summaryLine } = require(path.join(root, 'tooling', 'jest', 'summary-reporter.cjs'));

/** The projects that run on TEST_NODE24 when it is set; the others run on this Node. */
const NODE24_PROJECTS = ['gateway:pglite', 'integration'];

/** Splits jest's arguments into the projects of `--selectProjects` and everything else. */
function splitArgs(args) {
  const rest = [];
  let selected;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    // `--` ends a list of projects, as for jest; jest needs no `--` of its own.
    if (arg === '--') continue;
    if (arg === '--selectProjects' || arg.startsWith('--selectProjects=')) {
      selected ??= [];
      if (arg.includes('=')) selected.push(...arg.slice(arg.indexOf('=') + 1).split(',').filter(Boolean));
      while (i + 1 < args.length && !args[i + 1].startsWith('-')) selected.push(args[++i]);
      if (args[i + 1] === '--') i++;
    } else rest.push(arg);
  }
  return { selected, rest };
}

function projectNames() {
  const config = require(path.join(root, 'jest.config.cjs'));
  return config.projects.map((project) => (typeof project.displayName === 'string' ? project.displayName : project.displayName.name));
}

function nodeVersion(binary) {
  return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
}

function main() {
  const args = process.argv.slice(2);
  const node24 = process.env.TEST_NODE24;
  if (!node24) {
    // As bare `jest`: the summary reporter prints the slowest files and the last line itself.
    const run = spawnSync(process.execPath, [jestBin, ...args.filter((arg) => arg !== '--')], { cwd: root, stdio: 'inherit' });
    return run.status ?? 1;
  }
  if (!existsSync(node24)) {
    console.error(`TEST_NODE24=${node24}: no such file`);
    return 1;
  }

  const { selected, rest } = splitArgs(args);
  const all = projectNames();
  const wanted = selected ?? all;
  const unknown = wanted.filter((name) => !all.includes(name));
  if (unknown.length) {
    console.error(`no jest project named ${unknown.join(', ')} (projects: ${all.join(', ')})`);
    return 1;
  }
  const parts = [
    { node: node24, version: nodeVersion(node24), projects: wanted.filter((name) => NODE24_PROJECTS.includes(name)) },
    { node: process.execPath, version: process.version, projects: wanted.filter((name) => !NODE24_PROJECTS.includes(name)) },
  ].filter((part) => part.projects.length > 0);

  const dir = mkdtempSync(path.join(tmpdir(), 'tend-test-'));
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const files = [];
  const said = [];
  let status = 0;
  try {
    for (const [index, part] of parts.entries()) {
      const report = path.join(dir, `part-${index}.json`);
      console.log(`\n== jest on Node ${part.version}: ${part.projects.join(', ')}`);
      const started = Date.now();
      // A part may match no file when paths narrow the run; the total below still requires a test.
      const run = spawnSync(part.node, [jestBin, '--selectProjects', ...part.projects, '--passWithNoTests', ...rest], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, TEND_TEST_REPORT: report },
      });
      const seconds = Math.round((Date.now() - started) / 1000);
      const code = run.status ?? 1;
      if (code !== 0) status = 1;
      if (!existsSync(report)) {
        // jest stopped before its reporters ran (a broken config, a crash): one failure.
        said.push(`Node ${part.version} (${part.projects.join(', ')}): jest exited ${code} without results, ${seconds} s`);
        totals.failed += 1;
        continue;
      }
      const result = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += result.passed;
      totals.failed += result.failed;
      totals.skipped += result.skipped;
      files.push(...result.files.map((file) => ({ ...file, node: `Node ${part.version.split('.')[0].slice(1)}` })));
      said.push(`Node ${part.version} (${part.projects.join(', ')}): ${result.files.length} file(s), ${result.passed} passing, ${result.failed} failing, ${result.skipped} skipped tests, exit ${code}, ${seconds} s`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (totals.failed > 0) status = 1;
  const ran = totals.passed + totals.failed + totals.skipped;
  if (ran === 0 && !rest.includes('--passWithNoTests')) {
    said.push('No test ran.');
    status = 1;
  }
  process.stdout.write(`\nThe jest runs:\n${said.map((line) => `  ${line}`).join('\n')}\n`);
  process.stdout.write(slowestTable(files, 20, parts.length > 1 ? ' of both runs' : ''));
  process.stdout.write(`${summaryLine(totals)}\n`);
  // .ci/run prints it again after its table of step times, as CI's very last line.
  if (process.env.TEND_TEST_SUMMARY) writeFileSync(process.env.TEND_TEST_SUMMARY, `${summaryLine(totals)}\n`);
  return status;
}

process.exitCode = main();

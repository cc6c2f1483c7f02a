// Prints the 20 slowest test files, then the one line CI counts, as the very last line of the run:
// "N passed, N failed, N skipped". A suite that fails to load has no failed test of its own,
// so it counts as one failure.
//
// When jest is one of several runs of `pnpm test` (tooling/scripts/test.mjs sets TEND_TEST_REPORT
// to a file), it prints neither: it writes the counts and each file's duration to that file, and
// the script prints the slowest files and one line for all the runs together. TEND_TEST_SUMMARY=<file>
// also writes the last line to that file (.ci/run prints it again after its step times).
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const SLOWEST = 20;

/** The counts and per-file durations of one jest run, as JSON-friendly data. */
function reportOf(results, rootDir) {
  return {
    passed: results.numPassedTests,
    failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
    skipped: results.numPendingTests + results.numTodoTests,
    files: results.testResults.map((file) => {
      const name = typeof file.displayName === 'string' ? file.displayName : file.displayName?.name;
      const { start, end, runtime } = file.perfStats ?? {};
      return {
        project: name ?? '',
        path: path.relative(rootDir, file.testFilePath),
        ms: runtime ?? (start && end ? end - start : 0),
        failed: Boolean(file.testExecError) || file.numFailingTests > 0,
      };
    }),
  };
}

/** The table of the slowest files of one or more reports (also used by tooling/scripts/test.mjs). */
function slowestTable(files, count = SLOWEST, label = '') {
  const rows = [...files].sort((a, b) => b.ms - a.ms).slice(0, count);
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((row) => row.project.length + (row.node ? row.node.length + 3 : 0)));
  const lines = rows.map((row) => {
    const seconds = (row.ms / 1000).toFixed(1).padStart(7);
    const project = (row.node ? `${row.project} (${row.node})` : row.project).padEnd(width);
    return `${seconds} s  ${project}  ${row.path}${row.failed ? '  FAILED' : ''}`;
  });
  return `\nThe ${rows.length} slowest test files${label}:\n${lines.join('\n')}\n`;
}

function summaryLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const report = reportOf(results, this.rootDir);
    if (process.env.TEND_TEST_REPORT) {
      writeFileSync(process.env.TEND_TEST_REPORT, JSON.stringify(report));
      return;
    }
    const text = `${slowestTable(report.files)}${summaryLine(report)}\n`;
    if (process.env.TEND_TEST_SUMMARY) writeFileSync(process.env.TEND_TEST_SUMMARY, `${summaryLine(report)}\n`);
    // Jest's own summary is written after every reporter's onRunComplete; print at exit.
    process.once('exit', () => process.stdout.write(text));
  }
}

module.exports = SummaryReporter;
module.exports.slowestTable = slowestTable;
module.exports.summaryLine = summaryLine;

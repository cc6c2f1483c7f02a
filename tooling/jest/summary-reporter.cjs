// Prints the one line CI counts, as the very last line of the run:
// "N passed, N failed, N skipped". A suite that fails to load has no failed test of its own,
// so it counts as one failure.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`;
    // Jest's own summary is written after every reporter's onRunComplete; print at exit.
    process.once('exit', () => process.stdout.write(line));
  }
}
module.exports = SummaryReporter;

// Ends the run with the line `N passed, N failed` that the project's test-all script reads.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  for await (const event of source) {
    // Suites (describe) are not tests of their own.
    if (event.data?.details?.type === 'suite') continue;
    if (event.type === 'test:pass') passed++;
    if (event.type === 'test:fail') failed++;
  }
  yield `${passed} passed, ${failed} failed\n`;
}

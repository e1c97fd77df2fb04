// Ends the run with the line `N passed, N failed` that the project's test-all script reads.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  for await (const event of source) {
    // A file's own entry (nesting 0 with no test of that name) is not counted; suites are not tests.
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite' || (event.data.nesting === 0 && event.data.file && event.data.name === event.data.file))
      continue;
    if (event.type === 'test:pass') passed++;
    else failed++;
  }
  yield `${passed} passed, ${failed} failed\n`;
}

// Runs every check of the product, web app and server, and ends with one line `N passed, N failed`.
// Every step runs even when an earlier one fails; the exit code is non-zero if anything failed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const env = { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };

const serverScripts = existsSync('server/package.json') ? (JSON.parse(readFileSync('server/package.json', 'utf8')).scripts ?? {}) : {};

/** kind: 'check' counts as one passed or failed; 'tests' reads its runner's counts. */
const steps = [
  { name: 'web: type check', cmd: 'npm run typecheck', kind: 'check' },
  { name: 'web: lint', cmd: 'npm run lint', kind: 'check' },
  { name: 'format (Biome)', cmd: 'npm run check:format', kind: 'check' },
  { name: 'web: steiger', cmd: 'npm run steiger', kind: 'check' },
  { name: 'web: API types up to date', cmd: 'npm run check:api-types', kind: 'check' },
  { name: 'web: jest', cmd: 'npx jest --maxWorkers=2 --ci', kind: 'tests', parse: 'jest' },
  { name: 'mocks vs server: parity', cmd: 'npm run test:parity -- --ci', kind: 'tests', parse: 'jest' },
  { name: 'web: storybook build', cmd: 'npm run build-storybook', kind: 'check' },
  { name: 'web: browser tests', cmd: 'npm run test:e2e', kind: 'tests', parse: 'playwright' },
  // dist-test is built by the browser tests; this reads it and fails over either budget.
  { name: 'web: size budgets', cmd: 'node scripts/size.mjs dist-test', kind: 'check' },
  ...[
    ['typecheck', 'check'],
    ['lint', 'check'],
    ['check:openapi', 'check'],
    ['lint:openapi', 'check'],
    ['test', 'tests'],
  ]
    .filter(([script]) => script in serverScripts)
    .map(([script, kind]) => ({
      name: `server: ${script}`,
      cmd: `npm run ${script} -w server`,
      kind,
      parse: 'plain',
    })),
];

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');
const stripAnsi = (text) => text.replace(ANSI, '');

const parsers = {
  // "Tests:       3 failed, 1 skipped, 41 passed, 45 total"
  jest: (output) => {
    const line = [...output.matchAll(/^Tests:\s+(.*)$/gm)].at(-1)?.[1];
    if (!line) return null;
    const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
    return { passed: count('passed'), failed: count('failed') };
  },
  // "  8 passed (38.0s)" / "  1 failed" / "  2 flaky"
  playwright: (output) => {
    const count = (word) => Number([...output.matchAll(new RegExp(`^\\s+(\\d+) ${word}`, 'gm'))].at(-1)?.[1] ?? 0);
    const passed = count('passed') + count('flaky');
    const failed = count('failed') + count('interrupted');
    return passed + failed > 0 ? { passed, failed } : null;
  },
  // The last line that reads "N passed, N failed".
  plain: (output) => {
    const match = [...output.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
    return match ? { passed: Number(match[1]), failed: Number(match[2]) } : null;
  },
};

const unique = (lines) => [...new Set(lines.map((line) => line.trim().slice(0, 240)).filter(Boolean))];

/** The indented list under Playwright's closing "  N failed" / "  N flaky" heading. */
const playwrightList = (output, word) => {
  const heading = [...output.matchAll(new RegExp(`^  \\d+ ${word}\\n((?:    .*\\n?)+)`, 'gm'))].at(-1);
  return heading ? heading[1].split('\n') : [];
};

/**
 * The names of what failed, and of what passed only when retried, repeated under the summary so
 * that its last lines say which test to look at. A failed story in the Storybook walk is named
 * by the story (its error lists them as `+   "title / story: ..."`).
 */
const names = {
  jest: (output) => ({
    failed: unique([...output.matchAll(/^\s*● (?!Console$)(.+ › .+)$/gm)].map((match) => match[1])),
    flaky: [],
  }),
  playwright: (output) => ({
    failed: unique([
      ...playwrightList(output, 'failed'),
      // Each numbered failure's first error lines: what was expected, and of which locator.
      ...[...output.matchAll(/^ {2}\d+\) (.+)\n\n\s+(Error: .+)\n\n?((?:\s+\S.*\n){0,3})/gm)].map((match) =>
        `  ${match[2]} ${match[3].replace(/\s+/g, ' ').trim()}`.slice(0, 240),
      ),
      ...[...output.matchAll(/^\s+\+\s+"(.+ \/ .+)$/gm)].map((match) => `  story: ${match[1].slice(0, 200)}`),
    ]),
    flaky: unique([
      ...playwrightList(output, 'flaky'),
      ...[...output.matchAll(/^flaky story: (.+)$/gm)].map((match) => `story: ${match[1]}`),
    ]),
  }),
  plain: (output) => ({
    failed: unique(
      (output.split(/^✖ failing tests:$/m)[1] ?? '')
        .split('\n')
        .filter((line) => /^\s*✖ /.test(line))
        .map((line) => line.replace(/^\s*✖ /, '').replace(/ \([\d.]+m?s\)$/, '')),
    ),
    flaky: [],
  }),
};

const run = (cmd) =>
  new Promise((resolvePromise) => {
    const child = spawn(cmd, { shell: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const relay = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        target.write(chunk);
      });
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code) => resolvePromise({ code: code ?? 1, output: stripAnsi(output) }));
  });

const results = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd}`);
  const started = Date.now();
  const { code, output } = await run(step.cmd);
  const seconds = (Date.now() - started) / 1000;
  let passed = 0;
  let failed = 0;
  let named = { failed: [], flaky: [] };
  if (step.kind === 'check') {
    if (code === 0) passed = 1;
    else {
      failed = 1;
      // A check's own report ends with what it found: its last lines (a file and its error, a count).
      named = {
        failed: output
          .split('\n')
          .filter((line) => line.trim() !== '')
          .slice(-12),
        flaky: [],
      };
    }
  } else {
    const counts = parsers[step.parse ?? 'plain'](output);
    if (counts) ({ passed, failed } = counts);
    named = names[step.parse ?? 'plain'](output);
    // A runner that exits non-zero without reporting a failed test still failed (e.g. a crash).
    if (code !== 0 && failed === 0) failed = 1;
    if (code === 0 && passed + failed === 0) failed = 1; // ran no test: not a pass
  }
  results.push({ name: step.name, code, seconds, passed, failed, named });
}

const passed = results.reduce((total, result) => total + result.passed, 0);
const failed = results.reduce((total, result) => total + result.failed, 0);
const width = Math.max(...results.map((result) => result.name.length));

console.log('\n=== Summary');
console.log(`${'step'.padEnd(width)}  result  passed  failed      time`);
for (const result of results) {
  const status = result.failed === 0 ? 'ok    ' : 'FAILED';
  console.log(
    `${result.name.padEnd(width)}  ${status}  ${String(result.passed).padStart(6)}  ${String(result.failed).padStart(6)}  ${result.seconds.toFixed(1).padStart(7)}s`,
  );
}
const total = results.reduce((sum, result) => sum + result.seconds, 0);
console.log(`${'total'.padEnd(width)}                          ${total.toFixed(1).padStart(7)}s`);
for (const result of results) {
  const { failed: failures, flaky } = result.named;
  if (failures.length > 0)
    console.log(
      `\n${result.name}: failed\n${failures
        .slice(0, 20)
        .map((line) => `  ${line}`)
        .join('\n')}`,
    );
  // Passed on a retry: counted as passed, and named so that it is looked at.
  if (flaky.length > 0) console.log(`\n${result.name}: flaky (passed on retry)\n${flaky.map((line) => `  ${line}`).join('\n')}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

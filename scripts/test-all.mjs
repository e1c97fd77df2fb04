// Runs every check of the product, web app and server, and ends with one line `N passed, N failed`.
// Every step runs even when an earlier one fails; the exit code is non-zero if anything failed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const env = { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };

const serverScripts = existsSync('server/package.json') ? (JSON.parse(readFileSync('server/package.json', 'utf8')).scripts ?? {}) : {};

/** The server's npm scripts that exist, as steps. */
const serverSteps = (scripts) =>
  scripts
    .filter(([script]) => script in serverScripts)
    .map(([script, kind]) => ({ name: `server: ${script}`, cmd: `npm run ${script} -w server`, kind, parse: 'plain' }));

/**
 * kind: 'check' counts as one passed or failed; 'tests' reads its runner's counts. `needs`: steps
 * that must have ended first (the browser tests read the builds). Steps run side by side, at most
 * JOBS at once (TEST_JOBS; two on a 2-core machine), in the order listed: the longest first, so that
 * the short checks fill the gaps. A failed step does not stop the others.
 */
const steps = [
  { name: 'web: build', cmd: 'npm run build:e2e', kind: 'check' },
  { name: 'web: storybook build', cmd: 'npm run build-storybook', kind: 'check' },
  {
    name: 'web: browser tests',
    cmd: 'npx playwright test -c tests/e2e/playwright.config.ts',
    kind: 'tests',
    parse: 'playwright',
    needs: ['web: build', 'web: storybook build'],
  },
  ...serverSteps([['test', 'tests']]),
  // After the two long steps, the longest of the rest first, so that the run does not end on one
  // of them alone (measured: Jest's 143 s started beside the server's short checks and the web
  // lint's 77 s ran last, alone).
  { name: 'web: jest', cmd: 'npx jest --maxWorkers=2 --ci', kind: 'tests', parse: 'jest' },
  { name: 'web: lint', cmd: 'npm run lint', kind: 'check' },
  { name: 'web: type check', cmd: 'npm run typecheck', kind: 'check' },
  { name: 'mocks vs server: parity', cmd: 'npm run test:parity -- --ci', kind: 'tests', parse: 'jest' },
  ...serverSteps([
    ['typecheck', 'check'],
    ['lint', 'check'],
    ['check:openapi', 'check'],
    ['check:schema', 'check'],
    ['lint:openapi', 'check'],
  ]),
  { name: 'evr stand-in: test', cmd: 'npm test -w @timberlog/evr-standin', kind: 'tests', parse: 'plain' },
  // The root type check covers the web app and the contract only; the stand-in is checked with its own settings.
  { name: 'evr stand-in: type check', cmd: 'npm run typecheck -w @timberlog/evr-standin', kind: 'check' },
  { name: 'format (Biome)', cmd: 'npm run check:format', kind: 'check' },
  { name: 'web: steiger', cmd: 'npm run steiger', kind: 'check' },
  { name: 'web: API types up to date', cmd: 'npm run check:api-types', kind: 'check' },
  // Reads the build the browser tests ran against; fails over any budget.
  { name: 'web: size budgets', cmd: 'node scripts/size.mjs dist-e2e', kind: 'check', needs: ['web: build'] },
];
// Two at once on a 2-core machine. Measured: 746 and 801 s with two; with three (a third step beside
// the browser and server tests) Jest took 351 s instead of 97 and the server tests over 14 minutes.
const JOBS = Math.max(1, Number(process.env.TEST_JOBS || 2));

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

/** Runs a command; its output is kept and printed whole when it ends, so steps side by side do not interleave. */
const run = (cmd) =>
  new Promise((resolvePromise) => {
    const child = spawn(cmd, { shell: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolvePromise({ code: code ?? 1, raw: output, output: stripAnsi(output) }));
  });

const runStep = async (step) => {
  const started = Date.now();
  const { code, raw, output } = await run(step.cmd);
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n=== ${step.name}: ${step.cmd} (${seconds.toFixed(1)} s, exit ${code})`);
  process.stdout.write(raw.endsWith('\n') ? raw : `${raw}\n`);
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
  return { name: step.name, code, seconds, passed, failed, named };
};

const runStarted = Date.now();
const ended = new Map();
const waiting = [...steps];
const running = new Set();
await new Promise((allDone) => {
  const startReady = () => {
    for (const step of [...waiting]) {
      if (running.size >= JOBS) break;
      if (!(step.needs ?? []).every((name) => ended.has(name))) continue;
      waiting.splice(waiting.indexOf(step), 1);
      const since = ((Date.now() - runStarted) / 1000).toFixed(0);
      console.log(`--- ${since} s: start ${step.name}`);
      const job = runStep(step).then((result) => {
        ended.set(step.name, result);
        running.delete(job);
        if (waiting.length === 0 && running.size === 0) allDone();
        else startReady();
      });
      running.add(job);
    }
  };
  startReady();
});
const results = steps.map((step) => ended.get(step.name));
const wall = (Date.now() - runStarted) / 1000;

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
console.log(`${'steps together'.padEnd(width)}                          ${total.toFixed(1).padStart(7)}s`);
console.log(`${`whole run (${JOBS} at once)`.padEnd(width)}                          ${wall.toFixed(1).padStart(7)}s`);
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

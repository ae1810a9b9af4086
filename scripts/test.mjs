// `npm test`: every check the project has, in the order that fails fastest.
//   static checks (prettier, eslint, tsc) → build → browser tests (Chromium) → server tests on
//   PGlite → server tests on a real PostgreSQL (CI, or when one can be started) → end-to-end →
//   in CI, the quick benchmark (reported, not asserted).
// Prints each stage's result, the failed tests again (CI logs are often read from the end), and a
// closing "N passed, N failed" line. A stage whose tests failed in a few files runs those files
// once more; if they pass, the stage passes and the summary lists them as flaky.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const ci = Boolean(process.env.CI);
const totals = { passed: 0, failed: 0 };
const stages = [];

/** Runs a command, passing its output through as it comes unless `buffered`; resolves with its
 * exit code and everything it printed. */
function spawnOnce(cmd, args, env, buffered) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const forward = (stream, sink) =>
      stream.on('data', (d) => {
        out += d;
        if (!buffered) sink.write(d);
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code, out }));
  });
}

// A stage whose tests failed in at most this many files runs those files once more.
const MAX_RERUN_FILES = 3;

/** Runs one stage. Its output is passed through as it comes, or, with `buffered` (stages run side
 * by side), printed in one piece when it ends. With `rerun`, test files that failed run once more
 * on their own: a stage they then pass is ok, and the summary names the tests as flaky (a timing
 * fault on a loaded machine must not cost a whole CI run, nor go unnoticed). */
async function run(name, cmd, args, { env = {}, count, buffered = false, rerun } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n=== ${name} ===`);
  const { code, out } = await spawnOnce(cmd, args, env, buffered);
  if (buffered) process.stdout.write(`\n=== ${name} ===\n${out}`);
  let ok = code === 0;
  let failed = ok ? [] : failureLines(out);
  let flaky = [];
  const counted = count ? count(out) : null;
  const files = ok || !rerun ? [] : rerun.files(out);
  if (files.length > 0 && files.length <= MAX_RERUN_FILES && counted?.failed) {
    console.log(`\n=== ${name}: the files that failed, once more ===\n${files.join('\n')}`);
    const again = await spawnOnce(cmd, rerun.args(files), env, buffered);
    if (buffered) process.stdout.write(again.out);
    if (again.code === 0) {
      ok = true;
      flaky = failed;
      failed = [];
      counted.flaky = counted.failed;
      counted.failed = 0;
    } else {
      failed = failureLines(again.out);
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (counted) {
    totals.passed += counted.passed;
    totals.failed += counted.failed;
  }
  stages.push({ name, ok, seconds, counted, failed, flaky });
  return ok;
}

// eslint-disable-next-line no-control-regex -- terminal colour and cursor codes
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;
const MAX_FAILURE_LINES = 80;

/** The failed tests in a stage's output, with a few lines of their errors: @web/test-runner's
 * "❌ name" blocks under their file, and node --test's closing "✖ failing tests:" section. */
function failureLines(out) {
  const lines = out.replace(ANSI, '').split(/\r?\n/);
  const picked = [];
  const section = lines.findIndex((l) => l.startsWith('✖ failing tests:'));
  if (section >= 0) {
    for (const line of lines.slice(section + 1)) {
      // Stack frames inside Node itself say nothing about the test.
      if (/^\s+at .*\(node:/.test(line) || /^\s+at node:/.test(line)) continue;
      picked.push(line);
    }
  } else {
    let file = '';
    for (let i = 0; i < lines.length; i++) {
      const header = /^(\S.*\.test\.tsx?):$/.exec(lines[i].trim());
      if (header) file = header[1];
      if (!lines[i].trimStart().startsWith('❌')) continue;
      if (file) picked.push(`${file}:`);
      file = '';
      // The name, then the error and its first frames, up to the blank line that ends the block.
      for (let j = i; j < lines.length && j < i + 8 && (j === i || lines[j].trim()); j++) picked.push(lines[j]);
    }
  }
  while (picked.length && !picked.at(-1).trim()) picked.pop();
  if (picked.length > MAX_FAILURE_LINES) {
    const more = picked.length - MAX_FAILURE_LINES;
    picked.length = MAX_FAILURE_LINES;
    picked.push(`… ${more} more lines above`);
  }
  return picked;
}

/** The test files of a stage's failed tests: each "❌ name" of @web/test-runner under its file's
 * heading, each "✖ name" of node --test's closing section after its "test at <file>" line. None
 * when a failed test cannot be placed in a file (then nothing runs again). */
function failedFiles(out) {
  const lines = out.replace(ANSI, '').split(/\r?\n/);
  const section = lines.findIndex((l) => l.startsWith('✖ failing tests:'));
  const files = new Set();
  let file = '';
  for (const line of section >= 0 ? lines.slice(section + 1) : lines) {
    const place =
      section >= 0
        ? /^test at ((?:test|src)\/\S+\.test\.tsx?):\d+:\d+$/.exec(line.trim())
        : /^((?:test|src)\/\S+\.test\.tsx?):$/.exec(line.trim());
    if (place) file = place[1];
    const failure = section >= 0 ? line.startsWith('✖ ') : line.trimStart().startsWith('❌');
    if (!failure) continue;
    if (!file) return [];
    files.add(file);
    // node --test names the file before each failed test.
    if (section >= 0) file = '';
  }
  return [...files];
}

// @web/test-runner: "… | 12 passed, 0 failed" on its last progress line.
const countWtr = (out) => {
  const all = [...out.matchAll(/(\d+) passed, (\d+) failed/g)];
  const last = all.at(-1);
  return last ? { passed: Number(last[1]), failed: Number(last[2]) } : { passed: 0, failed: 1 };
};
// node --test: "# pass N" / "# fail N" (TAP), "ℹ pass N" / "ℹ fail N" (spec reporter).
const countNode = (out) => ({
  passed: Number(/^(?:#|ℹ) pass (\d+)/m.exec(out)?.[1] ?? 0),
  failed: Number(/^(?:#|ℹ) fail (\d+)/m.exec(out)?.[1] ?? 0),
});

const npx = (bin) => `node_modules/.bin/${bin}`;
// Node 20's test runner neither expands globs nor finds .ts files in a directory: list them.
const testFiles = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => /\.test\.ts$/.test(f))
        .sort()
        .map((f) => `${dir}/${f}`)
    : [];
const hasTests = (dir) => testFiles(dir).length > 0;

let ok = true;
const step = async (...args) => {
  if (!ok && !process.env.YX_TEST_KEEP_GOING) return;
  ok = (await run(...args)) && ok;
};
/** Stages that do not depend on each other, side by side (each one mostly uses one core). */
const together = async (...list) => {
  if (!ok && !process.env.YX_TEST_KEEP_GOING) return;
  const results = await Promise.all(
    list.map(([name, cmd, args, options]) => run(name, cmd, args, { ...options, buffered: true })),
  );
  ok = results.every(Boolean) && ok;
};
// Test files that run side by side in the node stages: each file has its own server and database
// (and browser, end to end); two at a time keep both cores of a small CI machine busy.
const FILE_CONCURRENCY = `--test-concurrency=${process.env.YX_TEST_CONCURRENCY?.trim() || '2'}`;

await together(
  ['format (prettier)', npx('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['lint (eslint)', npx('eslint'), ['--max-warnings', '0', '.']],
  ['types (tsc)', npx('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
);
await step('build', process.execPath, ['scripts/build.mjs']);
if (ok) ensureChromium();
await step('browser tests (Chromium)', npx('web-test-runner'), ['--static-logging'], {
  count: countWtr,
  rerun: { files: failedFiles, args: (files) => ['--static-logging', ...files] },
});
// Storybook: the built site, every story opened in Chromium (console errors, axe, play functions).
await step('storybook build', npx('storybook'), ['build', '--quiet', '-o', 'storybook-static'], {
  env: { STORYBOOK_DISABLE_TELEMETRY: '1' },
});
/** node --test on `files`, the spec reporter's output; `concurrency` files side by side. */
const nodeTests = (files, concurrency = FILE_CONCURRENCY) => [
  '--import',
  'tsx',
  '--test',
  ...(concurrency ? [concurrency] : []),
  '--test-reporter=spec',
  ...files,
];
/** What runs a node stage's failed files again. */
const rerunNode = (concurrency) => ({ files: failedFiles, args: (files) => nodeTests(files, concurrency) });
await step('stories (Chromium)', process.execPath, nodeTests(testFiles('test/storybook'), null), {
  count: countNode,
  rerun: rerunNode(null),
});
if (hasTests('test/server')) {
  const serverTests = nodeTests(testFiles('test/server'));
  await step('server tests (PGlite)', process.execPath, serverTests, { count: countNode, rerun: rerunNode() });
  if (ci || process.env.YX_TEST_POSTGRES) {
    const { startPostgres } = await import('./pg-cluster.mjs');
    const pg = ok ? await startPostgres() : null;
    if (pg) {
      await step('server tests (PostgreSQL)', process.execPath, serverTests, {
        // The fuzzer already ran in full on PGlite; here it checks the same routes more briefly.
        env: { DATABASE_URL: pg.url, YX_FUZZ_RUNS: process.env.YX_FUZZ_RUNS ?? '5' },
        count: countNode,
        rerun: rerunNode(),
      });
      await pg.stop();
    }
  }
}
if (hasTests('test/e2e')) {
  await step('end-to-end (playwright-core)', process.execPath, nodeTests(testFiles('test/e2e')), {
    count: countNode,
    rerun: rerunNode(),
  });
}

// CI also prints the quick benchmark on the build above (issue 12): budgets are reported in its
// table, not asserted (a missed budget does not fail the run; a broken benchmark does).
// YX_BENCH=1 runs it outside CI too.
if (ci || process.env.YX_BENCH) {
  await step(
    'benchmark (quick, reported)',
    process.execPath,
    ['--import', 'tsx', 'bench/index.ts', '--quick', '--no-build'],
    {
      env: { YX_DIST_DIR: 'dist' },
    },
  );
}

console.log('\n=== summary ===');
for (const s of stages) {
  const flaky = s.counted?.flaky ? `, ${s.counted.flaky} flaky` : '';
  const c = s.counted ? ` (${s.counted.passed} passed, ${s.counted.failed} failed${flaky})` : '';
  console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} ${s.seconds}s${c}`);
}
for (const s of stages.filter((stage) => stage.flaky.length)) {
  console.log(`\n--- flaky in ${s.name}: failed, then passed when their files ran again ---`);
  for (const line of s.flaky) console.log(line);
}
for (const s of stages.filter((stage) => stage.failed.length)) {
  console.log(`\n--- failed in ${s.name} ---`);
  for (const line of s.failed) console.log(line);
}
if (!ok) totals.failed = Math.max(totals.failed, 1);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok ? 0 : 1);

/**
 * How the built code loads (rollup.config.mjs): files marked for eager compilation, and code
 * loaded on demand fetched together with the chunks it imports rather than one round trip after.
 *
 * Reads the build in YX_DIST_DIR (default dist/), as the rest of the end-to-end suite does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useE2E } from './support';

const distDir = process.env.YX_DIST_DIR?.trim() || 'dist';
const HINT = '//# allFunctionsCalledOnLoad\n';

interface GraphEntry {
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
}

describe('loading the built elements', () => {
  it('marks every code file, and no message file, for eager compilation', () => {
    const files = ['elements', 'chunks'].flatMap((dir) =>
      readdirSync(join(distDir, dir))
        .filter((name) => name.endsWith('.js'))
        .map((name) => `${dir}/${name}`),
    );
    assert.ok(files.length > 20, `expected the built files in ${distDir}`);
    for (const file of files) {
      const head = readFileSync(join(distDir, file), 'utf8').slice(0, HINT.length);
      const isMessages = /^chunks\/strings-/.test(file);
      assert.equal(head === HINT, !isMessages, `${file} starts with ${JSON.stringify(head)}`);
    }
  });

  describe('in Chromium', () => {
    const e2e = useE2E();

    it("starts fetching the token list's imports before the list's own chunk has arrived", async () => {
      const graph = JSON.parse(readFileSync(join(distDir, 'graph.json'), 'utf8')) as Record<string, GraphEntry>;
      const list = Object.keys(graph).find((file) => /^chunks\/TokenList-[\w-]+\.js$/.test(file));
      assert.ok(list, 'the build has a TokenList chunk');
      // React and the kernel are in before any element runs; the rest come with the list.
      const imports = graph[list]!.imports.filter((file) => !/^chunks\/(react|kernel)-/.test(file));
      assert.ok(imports.length >= 3, `TokenList imports ${imports.join(', ')}`);

      const { context, page, errors } = await e2e.newPage({ locale: 'en-US' });
      await e2e.login(page, 'demo', 'Demo@2026');
      await page.goto(`${e2e.pageUrl}#/users/settings/personalAccessToken`);
      await page.locator('yx-token-manager [part~="token-list"][data-status="ready"]').waitFor();
      const timings = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => ({
          path: new URL(e.name).pathname,
          start: e.startTime,
          end: (e as PerformanceResourceTiming).responseEnd,
        })),
      );
      await context.close();
      assert.deepEqual(errors, []);

      const timing = (file: string) => timings.find((t) => t.path.endsWith(`/${file}`));
      const own = timing(list);
      assert.ok(own, `${list} was loaded`);
      for (const file of imports) {
        const dep = timing(file);
        assert.ok(dep, `${file} was loaded`);
        assert.ok(
          dep.start <= own.end,
          `${file} was asked for at ${dep.start.toFixed(1)} ms, after ${list} had arrived at ${own.end.toFixed(1)} ms`,
        );
      }
    });
  });
});

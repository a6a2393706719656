import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveChromiumPath } from '../bundles/chromium-path.ts';
import { firstBuildErrorLocation, missingBuildDependency } from './build-error-location.ts';
import { verifyBuild } from './verify-build.ts';

const chromiumPath = resolveChromiumPath();
let workdir: string;

beforeEach(() => {
  workdir = join(mkdtempSync(join(tmpdir(), 'lhb-verify-build-')), 'work');
  mkdirSync(workdir);
});
afterEach(() => rmSync(join(workdir, '..'), { recursive: true, force: true }));

function write(path: string, content: string): void {
  mkdirSync(join(workdir, path, '..'), { recursive: true });
  writeFileSync(join(workdir, path), content);
}

/** A package whose build checks src/app.js with node and copies src/ to out/dist/. */
function writeBuildablePackage(app: string): void {
  write('package.json', JSON.stringify({ name: 'agent-app', private: true, scripts: { build: 'node --check src/app.js && mkdir -p out/dist && cp src/index.html src/app.js out/dist/' } }));
  write('src/index.html', '<!doctype html><html><body><main id="root"></main><script src="app.js"></script></body></html>');
  write('src/app.js', app);
}

const kinds = (findings: { kind: string; route?: string }[]) => findings.map((f) => `${f.kind}${f.route ? ` ${f.route}` : ''}`);

describe('verifyBuild with real Chromium', { timeout: 90_000 }, () => {
  it('serves out/dist and finds a broken route and a blank page; the next action names the broken route', async () => {
    write('out/dist/index.html', '<!doctype html><html><body><h1>Home</h1></body></html>');
    write('out/dist/pricing/index.html', '<!doctype html><html><body style="background:#fff"><div></div></body></html>');
    const result = await verifyBuild({
      workdir,
      chromiumPath,
      frames: [
        { nodeId: 'home', targetRoute: '/' },
        { nodeId: 'pricing', targetRoute: '/pricing' },
        { nodeId: 'team', targetRoute: '/team' },
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.built).toBe(false);
    expect(result.routesChecked).toBe(3);
    expect(kinds(result.findings)).toEqual(['blank-render /pricing', 'broken-route /team']);
    expect(result.nextAction).toMatch(/^Route \/team is broken \(\/team has no page in this multi-page build.*\)\. Give it a page: out\/dist\/team\/index\.html/);
    expect(result.nextAction).toContain('Then look at the 1 other finding.');
  });

  it('reports a page that throws at load before its blankness, and passes a healthy app', async () => {
    write('out/dist/index.html', '<!doctype html><html><body><script>throw new Error("chart data missing")</script></body></html>');
    const broken = await verifyBuild({ workdir, chromiumPath, frames: [{ nodeId: 'root', targetRoute: '/' }] });
    expect(kinds(broken.findings)).toEqual(['runtime-error /', 'blank-render /']);
    expect(broken.nextAction).toContain('Route / throws when it loads (Uncaught: chart data missing)');

    write('out/dist/index.html', '<!doctype html><html><body><h1>The trend</h1></body></html>');
    const fixed = await verifyBuild({ workdir, chromiumPath, frames: [{ nodeId: 'root', targetRoute: '/' }] });
    expect(fixed).toMatchObject({ ok: true, findings: [], routesChecked: 1 });
    expect(fixed.nextAction).toBe('Nothing to fix: the build is served from out/dist/ and the route renders with no errors.');
  });

  it('runs a failing build and points at the file and line; once fixed it builds, serves and passes; an unchanged build is not run again', async () => {
    writeBuildablePackage('const root = document.getElementById("root");\nroot.textContent = "Trend";\nroot.title = ;\n');
    const failed = await verifyBuild({ workdir, chromiumPath, frames: [{ nodeId: 'root', targetRoute: '/' }] });
    expect(failed.built).toBe(true);
    expect(kinds(failed.findings)).toEqual(['build-error']);
    expect(failed.findings[0]!.detail).toMatch(/^npm run build exited with code 1\. Its output ended with:\n[\s\S]*SyntaxError/);
    expect(failed.nextAction).toBe('The build fails: fix src/app.js line 3, then run npm run build again.');
    expect(failed.routesChecked).toBe(0);

    write('src/app.js', 'document.getElementById("root").textContent = "Trend";\n');
    const fixed = await verifyBuild({ workdir, chromiumPath, frames: [{ nodeId: 'root', targetRoute: '/' }] });
    expect(fixed).toMatchObject({ ok: true, built: true, routesChecked: 1 });

    // make's rule: out/dist is newer than every source, so the agent's build stands.
    const again = await verifyBuild({ workdir, chromiumPath, frames: [{ nodeId: 'root', targetRoute: '/' }] });
    expect(again).toMatchObject({ ok: true, built: false });
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(workdir, 'src', 'app.js'), later, later);
    expect((await verifyBuild({ workdir, chromiumPath, frames: [{ nodeId: 'root', targetRoute: '/' }] })).built).toBe(true);
  });
});

describe('verifyBuild without a browser', () => {
  it('says to install dependencies when the build tool is missing', async () => {
    write('package.json', JSON.stringify({ scripts: { build: 'vite-that-is-not-installed build' } }));
    const result = await verifyBuild({ workdir, chromiumPath, frames: [{ nodeId: 'root', targetRoute: '/' }] });
    expect(kinds(result.findings)).toEqual(['build-error']);
    expect(result.nextAction).toBe('The build fails because "vite-that-is-not-installed" is not installed. Run npm install (add it to package.json if it is missing there), then run npm run build again.');
  });

  it('names the folder a build wrote instead of out/dist', async () => {
    write('package.json', JSON.stringify({ scripts: { build: 'mkdir -p dist && echo "<h1>x</h1>" > dist/index.html' } }));
    const result = await verifyBuild({ workdir, chromiumPath, frames: [{ nodeId: 'root', targetRoute: '/' }] });
    expect(result.findings).toEqual([{ kind: 'missing-build', detail: 'there is no out/dist/ folder' }]);
    expect(result.nextAction).toContain('the build wrote dist/ instead. Make it write out/dist/');
  });

  it('stops a build that does not end, with everything it started', async () => {
    write('package.json', JSON.stringify({ scripts: { build: 'sleep 120 & echo started; sleep 120' } }));
    const started = Date.now();
    const result = await verifyBuild({ workdir, chromiumPath, buildTimeoutMs: 1_000, frames: [{ nodeId: 'root', targetRoute: '/' }] });
    // Stopped at its 1 s limit, not waited out: a bound far below the sleeps, with room for a loaded
    // machine's npm start-up.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(kinds(result.findings)).toEqual(['build-error']);
    expect(result.findings[0]!.detail).toMatch(/^npm run build did not finish within 1 s and was stopped/);
    expect(result.nextAction).toMatch(/^The build did not finish in time and was stopped/);
    expect(existsSync(join(workdir, 'out', 'dist'))).toBe(false);
  }, 120_000);
});

describe('reading a failed build', () => {
  const workdir = '/runs/r1/work';
  it('finds the first file and line of the agent own in tsc, esbuild/Vite and stack-trace output', () => {
    expect(firstBuildErrorLocation("src/App.tsx(12,5): error TS2322: Type 'string' is not assignable to type 'number'.", workdir)).toEqual({
      file: 'src/App.tsx',
      line: 12,
      message: "error TS2322: Type 'string' is not assignable to type 'number'.",
    });
    expect(firstBuildErrorLocation('✘ [ERROR] Expected ";" but found "}"\n\n    src/main.jsx:7:2:\n      7 │   }', workdir)).toMatchObject({ file: 'src/main.jsx', line: 7 });
    expect(firstBuildErrorLocation('\u001b[31merror\u001b[39m during build:\nfile: /runs/r1/work/src/pages/Pricing.vue:40:3', workdir)).toMatchObject({ file: 'src/pages/Pricing.vue', line: 40 });
    // A dependency's file or one outside the folder is not where the agent should look.
    expect(firstBuildErrorLocation('at /runs/r1/work/node_modules/vite/dist/node/cli.js:44:1\nat src/index.ts:3:9', workdir)).toMatchObject({ file: 'src/index.ts', line: 3 });
    expect(firstBuildErrorLocation('Error at /usr/lib/node/x.js:1:1\nhttps://example.com:443/a', workdir)).toBeUndefined();
  });

  it('names a missing tool or package', () => {
    expect(missingBuildDependency('> build\n> vite build\n\nsh: 1: vite: not found\n')).toBe('vite');
    expect(missingBuildDependency("Error: Cannot find module 'react-dom/client'")).toBe('react-dom/client');
    expect(missingBuildDependency("Error: Cannot find module './local.js'")).toBeUndefined();
  });
});

describe("what the engine reads of the agent's folder (it checks outside the sandbox)", { timeout: 60_000 }, () => {
  it('a package.json that is a FIFO or a link is no manifest: read at once, never followed, nothing built', async () => {
    execFileSync('mkfifo', [join(workdir, 'package.json')]);
    const fifo = await verifyBuild({ workdir, chromiumPath, frames: [{ nodeId: 'home', targetRoute: '/' }] });
    expect(fifo).toMatchObject({ ok: false, built: false, findings: [{ kind: 'missing-build' }] });
    rmSync(join(workdir, 'package.json'));
    const elsewhere = join(workdir, '..', 'engine-package.json');
    writeFileSync(elsewhere, JSON.stringify({ scripts: { build: `touch ${join(workdir, '..', 'built-through-link')}` } }));
    symlinkSync(elsewhere, join(workdir, 'package.json'));
    const linked = await verifyBuild({ workdir, chromiumPath, frames: [{ nodeId: 'home', targetRoute: '/' }] });
    expect(linked.built).toBe(false);
    expect(existsSync(join(workdir, '..', 'built-through-link'))).toBe(false);
  });

  it('an out/dist/ that is a link to a folder outside is not served', async () => {
    const outside = join(workdir, '..', 'outside-dist');
    mkdirSync(outside);
    writeFileSync(join(outside, 'index.html'), '<!doctype html><html><body><h1>Not the agent\'s</h1></body></html>');
    mkdirSync(join(workdir, 'out'));
    symlinkSync(outside, join(workdir, 'out', 'dist'));
    const result = await verifyBuild({ workdir, chromiumPath, frames: [{ nodeId: 'home', targetRoute: '/' }] });
    expect(result).toMatchObject({ ok: false, routesChecked: 0, findings: [{ kind: 'missing-build', detail: 'out/dist/ is a link; the preview serves a real out/dist/ folder only' }] });
  });
});

import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { repoRoot } from './launch-app.ts';

/** axe-core's own build, from the dev dependency: injected from disk, nothing fetched. */
const AXE_SOURCE = join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js');

/**
 * The rules run: WCAG 2.0 and 2.1 A and AA, and axe's best practices; and one rule axe still calls
 * experimental, that a control's visible words are part of its accessible name (WCAG 2.5.3: a
 * voice user says what they see).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const ALSO = { 'label-content-name-mismatch': { enabled: true } };

/** The impacts that fail a check. Moderate and minor ones are returned, not failed on. */
const FAILING = new Set(['critical', 'serious']);

export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/**
 * Runs axe-core on the page as it is now and returns the critical and serious violations, each
 * with its rule, the elements it found and axe's summary of what to fix.
 *
 * The page's own CSP refuses inline scripts, so the spec's context needs `bypassCSP: true` for the
 * injected script to run. Frames are not entered: their content is agent-built output (untrusted,
 * on another origin), not the app's; the frame elements themselves are checked.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const results = await page.evaluate(
    ({ tags, also }) => (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, rules: also, iframes: false, resultTypes: ['violations'] }),
    { tags: TAGS, also: ALSO },
  );
  return results.violations.filter((v: Result) => FAILING.has(v.impact ?? '')).map(toViolation);
}

function toViolation(result: Result): AxeViolation {
  return {
    rule: result.id,
    impact: result.impact ?? 'unknown',
    help: result.help,
    targets: result.nodes.map((node) => node.target.map(String).join(' ')),
    summary: result.nodes.map((node) => node.failureSummary ?? '').find((s) => s !== '') ?? '',
  };
}

/** One readable line per violation: where it was found, the rule, each element and what to fix. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no critical or serious accessibility violation`;
  const lines = violations.map((v) => `  [${v.impact}] ${v.rule}: ${v.help}\n    on ${v.targets.slice(0, 6).join(' | ')}${v.targets.length > 6 ? ` (and ${v.targets.length - 6} more)` : ''}\n    ${v.summary.replace(/\s*\n\s*/g, ' ')}`);
  return `${where}: ${violations.length} critical or serious accessibility violation(s)\n${lines.join('\n')}`;
}

/**
 * Checks the page now and records a failure naming every critical or serious violation, without
 * stopping the test, so one run lists the faults of every screen and dialog it visits.
 */
export async function expectAccessible(page: Page, where: string): Promise<AxeViolation[]> {
  const violations = await axeViolations(page);
  expect.soft(violations.length, describeViolations(where, violations)).toBe(0);
  return violations;
}

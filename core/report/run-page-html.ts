import { formatCount } from '../../schemas/format-number.ts';
import type { JudgmentView } from '../../schemas/judge.ts';
import { durationText } from '../../schemas/run-duration.ts';
import { tokensLine } from '../../schemas/tokens-line.ts';
import type { TrajectoryError, TrajectoryStep, TrajectoryToolCall } from '../../schemas/trajectory.ts';
import { html, type Html } from './html-escape.ts';
import type { RunPageData } from './run-page-data.ts';
import { reportPage } from './report-page.ts';

/** Longest tool result or argument shown in full on a run's page; the rest is counted, not printed (a result is stored up to 64 KiB). */
export const SHOWN_TEXT_MAX_CHARS = 4000;

const clipped = (text: string): string =>
  text.length <= SHOWN_TEXT_MAX_CHARS ? text : `${text.slice(0, SHOWN_TEXT_MAX_CHARS)}\n… (${formatCount(text.length - SHOWN_TEXT_MAX_CHARS)} more characters, not shown)`;

const argumentsText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value, null, 2) ?? '');

const fact = (term: string, value: Html | string | null | undefined) => (value === null || value === undefined || value === '' ? '' : html`<dt>${term}</dt><dd>${value}</dd>`);

/** The folder a run's frames are copied to, beside its page (relative to runs/). */
export const runFramesFolder = (pageName: string): string => `${pageName}-frames`;

/**
 * A run's page: what it was asked and given (prompt, configuration, skill version with its
 * digest), what it did (each step, its tool calls, the errors and whether it recovered), what the
 * verifier found, how the judges scored it and why, and its frames. Every string from the run is
 * escaped: a transcript is untrusted text.
 */
export function runPageHtml(run: RunPageData, pageName: string, reportTitle: string): string {
  const { detail, trajectory } = run;
  const errorsByStep = new Map<number, TrajectoryError[]>();
  for (const error of run.errors) errorsByStep.set(error.step, [...(errorsByStep.get(error.step) ?? []), error]);
  const duration = detail.durationMs === null ? undefined : durationText(detail.durationMs);
  const body = html`<p><a href="../index.html#runs">← ${reportTitle}: all runs</a></p>
<h1>Run <code>${run.id}</code></h1>
<dl class="facts">
${fact('Configuration', run.configuration)}
${fact('Task', run.task ? html`${run.task.title} (<code>${run.task.id}</code>)` : html`<code>${detail.task}</code>`)}
${fact('Study', run.studyName)}
${fact('Harness', `${detail.harness}${detail.harnessVersion ? ` ${detail.harnessVersion}` : ''}`)}
${fact('Model', detail.model)}
${fact('Versions', Object.entries(detail.versions).map(([key, value]) => `${key} ${value}`).join(', '))}
${fact('Status', html`<span class="status-${detail.status}">${detail.status}</span>${detail.errorMessage ? html` — ${detail.errorMessage}` : ''}`)}
${fact('Duration', duration)}
${fact('Steps', detail.trajectory ? `${formatCount(detail.trajectory.steps)} steps, ${formatCount(detail.trajectory.toolCalls)} tool calls (${formatCount(detail.trajectory.failedToolCalls)} failed)` : undefined)}
${fact('Tokens', trajectory ? tokensLine(trajectory.tokens) : undefined)}
</dl>
${skillHtml(run)}
${promptHtml(run)}
${errorsHtml(run.errors, trajectory !== null)}
${trajectoryHtml(run, errorsByStep)}
${verifierHtml(run)}
${judgmentsHtml(run.judgments)}
${framesHtml(run, pageName)}`;
  return reportPage({ title: `Run ${run.id} — ${reportTitle}`, body });
}

function skillHtml(run: RunPageData): Html {
  if (!run.skill) return html`<h2>Skill</h2><p class="muted">This run names no skill version.</p>\n`;
  const { skill } = run;
  return html`<h2>Skill</h2>
<dl class="facts">
${fact('Version', skill.version)}
${fact('Name', skill.name)}
${fact('Digest', skill.digest ? html`<code>${skill.digest}</code>` : undefined)}
</dl>
${skill.problem ? html`<p class="muted">${skill.problem}</p>` : ''}\n`;
}

function promptHtml(run: RunPageData): Html {
  const turns = run.detail.turns;
  const prompt = run.trajectory?.prompt ?? run.task?.instruction;
  if (turns.length > 1) {
    return html`<h2>Prompt</h2>
<ol class="turns">${turns.map((turn) => html`<li><p class="muted">Turn ${turn.index}: ${turn.status}${turn.durationMs === null ? '' : `, ${durationText(turn.durationMs) ?? ''}`}, ${formatCount(turn.steps)} steps</p><pre>${turn.prompt}</pre></li>`)}</ol>\n`;
  }
  return html`<h2>Prompt</h2>${prompt ? html`<pre>${prompt}</pre>` : html`<p class="empty">No prompt is stored for this run.</p>`}\n`;
}

function errorsHtml(errors: readonly TrajectoryError[], hasTrajectory: boolean): Html {
  if (errors.length === 0) return html`<h2>Errors and recoveries</h2><p class="muted">${hasTrajectory ? 'No tool call failed.' : 'Not known: no trajectory is stored for this run.'}</p>\n`;
  const recovered = errors.filter((error) => error.recovered).length;
  return html`<h2>Errors and recoveries</h2>
<p>${formatCount(errors.length)} errors, ${formatCount(recovered)} recovered.</p>
<div class="table-wrap"><table><caption>Errors in this run, and the step where the agent recovered</caption>
<thead><tr><th scope="col">Step</th><th scope="col">Type</th><th scope="col">Message</th><th scope="col">Recovered</th></tr></thead>
<tbody>${errors.map(
    (error) =>
      html`<tr><th scope="row"><a href="#step-${error.step + 1}">${error.step + 1}</a></th><td>${error.type}</td><td>${clipped(error.message)}</td><td>${error.recovered ? (error.recoveredAtStep === null ? 'yes' : html`yes, at <a href="#step-${error.recoveredAtStep + 1}">step ${error.recoveredAtStep + 1}</a>`) : 'no'}</td></tr>\n`,
  )}</tbody></table></div>\n`;
}

function toolCallHtml(call: TrajectoryToolCall): Html {
  const outcome = call.ok ? 'ok' : `failed${call.failure ? `: ${call.failure}` : ''}${call.exitCode === null ? '' : ` (exit ${call.exitCode})`}`;
  return html`<div class="call${call.ok ? '' : ' failed'}"><div class="call-head">Tool call <code>${call.name}</code> — ${outcome}</div>
<details><summary>Arguments</summary><pre>${clipped(argumentsText(call.arguments))}</pre></details>
${call.result === null ? '' : html`<details><summary>Result</summary><pre>${clipped(call.result)}</pre></details>`}</div>\n`;
}

function stepHtml(step: TrajectoryStep, errors: readonly TrajectoryError[]): Html {
  const number = step.index + 1;
  return html`<li id="step-${number}"><div class="step-head">Step ${number} · ${step.source}${step.turn === undefined ? '' : ` · turn ${step.turn}`}${step.tokens ? html` <span class="muted">· ${tokensLine(step.tokens)}</span>` : ''}</div>
${step.text ? html`<pre>${clipped(step.text)}</pre>` : ''}
${step.toolCalls.map(toolCallHtml)}
${errors.map((error) => html`<p class="warning">Error (${error.type}): ${clipped(error.message)} — ${error.recovered ? `recovered${error.recoveredAtStep === null ? '' : ` at step ${error.recoveredAtStep + 1}`}` : 'not recovered'}</p>`)}</li>\n`;
}

function trajectoryHtml(run: RunPageData, errorsByStep: ReadonlyMap<number, TrajectoryError[]>): Html {
  const { trajectory } = run;
  if (!trajectory) return html`<h2>Trajectory</h2><p class="empty">No trajectory is stored for this run (an imported run without one).</p>\n`;
  const omitted = trajectory.omitted;
  return html`<h2>Trajectory</h2>
<p class="muted">${formatCount(trajectory.steps.length)} steps, outcome ${trajectory.outcome}${trajectory.model ? `, model ${trajectory.model}` : ''}.${omitted ? ` ${formatCount(omitted.steps)} further steps were not stored.` : ''}</p>
${trajectory.warnings.length > 0 ? html`<ul class="notes warning" aria-label="Warnings from reading the transcript">${trajectory.warnings.map((warning) => html`<li>${warning}</li>`)}</ul>` : ''}
<ol class="steps" aria-label="Trajectory steps">
${trajectory.steps.map((step) => stepHtml(step, errorsByStep.get(step.index) ?? []))}</ol>\n`;
}

function verifierHtml(run: RunPageData): Html {
  const checks = run.detail.verifications;
  if (checks.length === 0) return html`<h2>Verifier findings</h2><p class="muted">The verifier did not check this run.</p>\n`;
  return html`<h2>Verifier findings</h2>
<ol>${checks.map(
    (check) =>
      html`<li><p>${check.checkedAt} · ${check.trigger} · ${check.ok ? 'passed' : 'found problems'}${check.nextAction ? ` · next: ${check.nextAction}` : ''}</p>${
        check.findings.length > 0 ? html`<ul>${check.findings.map((finding) => html`<li><strong>${finding.kind}</strong>${finding.route ? html` at <code>${finding.route}</code>` : ''}: ${finding.detail}</li>`)}</ul>` : ''
      }</li>\n`,
  )}</ol>\n`;
}

function judgmentsHtml(judgments: readonly JudgmentView[]): Html {
  if (judgments.length === 0) return html`<h2>Judgments</h2><p class="muted">No judge scored this run.</p>\n`;
  return html`<h2>Judgments</h2>
<div class="table-wrap"><table><caption>Each judge’s score per rubric, with the evidence it gave</caption>
<thead><tr><th scope="col">Rubric</th><th scope="col">Judge</th><th scope="col">Tier</th><th scope="col">Rubric set</th><th scope="col" class="num">Score</th><th scope="col">Evidence</th></tr></thead>
<tbody>${judgments.map(
    (judgment) =>
      html`<tr><th scope="row">${judgment.rubric}${judgment.turn === null ? '' : ` (turn ${judgment.turn})`}</th><td>${judgment.judge}${judgment.judgeModel ? html` <span class="muted">(${judgment.judgeModel})</span>` : ''}</td><td>${judgment.tier}</td><td>${judgment.rubricSet}@${judgment.rubricSetVersion} (${judgment.scale === 3 ? '0–2' : '1–5'})</td><td class="num">${
        judgment.score === null ? html`<abbr title="${judgment.failure ?? judgment.status}">—</abbr>` : `${judgment.score}${judgment.level && judgment.level !== String(judgment.score) ? ` (${judgment.level})` : ''}`
      }</td><td>${judgment.evidence}${judgment.leftOut ? html`<p class="muted">Left out of the figures: ${judgment.leftOut}</p>` : ''}${judgment.failure ? html`<p class="muted">Failed: ${judgment.failure}</p>` : ''}</td></tr>\n`,
  )}</tbody></table></div>\n`;
}

function framesHtml(run: RunPageData, pageName: string): Html {
  if (run.frames.length === 0) return html`<h2>Frames</h2><p class="muted">No frame was captured for this run.</p>\n`;
  const folder = runFramesFolder(pageName);
  return html`<h2>Frames</h2>
<div class="frames">${run.frames.map((frame) => html`<figure><img src="${folder}/${frame.fileName}" alt="Frame ${frame.name}${frame.route ? ` at ${frame.route}` : ''}" loading="lazy"><figcaption>${frame.name}${frame.route ? html` · <code>${frame.route}</code>` : ''}</figcaption></figure>`)}</div>\n`;
}

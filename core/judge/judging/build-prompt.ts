import { createHash } from 'node:crypto';
import type { JudgeTier, RubricSet } from '../../../schemas/judge.ts';
import type { JudgeContentPart, JudgeTurn } from '../providers/judge-provider.ts';
import { replyFormatSection, rubricPromptSection } from './rubric-prompt-section.ts';

/** What a judge is shown about one run at one tier, before the rubrics: built per tier from the store. */
export interface JudgingMaterial {
  tier: JudgeTier;
  /** What the run was asked to do and where it comes from (task, data room, chapter); never who ran it. */
  context: string;
  /** The instruction the agent was given. */
  instruction: string;
  /** The evidence to judge: condensed trajectory text, or labelled images. */
  evidence: JudgeContentPart[];
  /** Said in the prompt when part of the evidence could not be shown (a frame not captured, a video with no ffmpeg). */
  notes: string[];
}

const text = (value: string): JudgeContentPart => ({ type: 'text', text: value });

/** The conversation asked of a judge and the hash that keys its cached reply. */
export interface JudgePrompt {
  system: string;
  turns: JudgeTurn[];
  /** SHA-256 over the system text, every text part and every image's bytes, in order. */
  inputHash: string;
  images: number;
}

const TIER_FOCUS: Record<JudgeTier, string> = {
  process: 'how the agent worked: what it inspected, the decisions it made, the tools it called and what they returned, how it handled failures',
  output: "the built result: each captured frame of the agent's build beside the design's ground-truth image of the same frame",
  content: 'the presentation or video the agent produced, as a learner would see it, against what the chapter asks to be taught',
};

/** The strict, evidence-based preamble every judge gets. */
export function judgeSystemPreamble(tier: JudgeTier): string {
  return [
    'You are a strict, evidence-based evaluator of AI agents\' work. You judge ' + TIER_FOCUS[tier] + '.',
    'Rules:',
    '- Score only what you can observe in the material shown. Absence of evidence is evidence of absence: if you cannot see that a level is met, it is not met.',
    '- For each rubric, read its levels from the highest down and choose the highest level whose anchor is fully satisfied; the boundary between levels is the observable difference the anchors name.',
    '- Quote or point to concrete evidence (a tool call, an error, a region of a frame, a slide) in thinking_process, and say what keeps the score from the next level up.',
    '- Do not reward effort, intentions, length or claims the agent made about its own work; do not let one rubric\'s judgment leak into another.',
    '- Judge each rubric independently and reply with JSON only.',
  ].join('\n');
}

/**
 * The prompt for one run, tier and rubric set, in the order the method's authors publish: the
 * strict preamble (system), the context, the instruction, the evidence, the rubrics as
 * `### N. <name>` with criterion and anchored levels, then "return JSON only".
 */
export function buildJudgePrompt(set: Pick<RubricSet, 'name' | 'version' | 'title' | 'scale' | 'rubrics' | 'tier'>, material: JudgingMaterial): JudgePrompt {
  if (material.tier !== set.tier) throw new RangeError(`The rubric set ${set.name}@${set.version} is for the ${set.tier} tier, not ${material.tier}.`);
  const content: JudgeContentPart[] = [
    ...materialParts(material),
    text(`## Rubrics: ${set.title} (${set.name}@${set.version}, ${set.scale}-point scale)\n\n${rubricPromptSection(set)}`),
    text(`## Your reply\n${replyFormatSection(set)}`),
  ];
  const system = judgeSystemPreamble(set.tier);
  const turns: JudgeTurn[] = [{ role: 'user', content: mergeAdjacentText(content) }];
  return { system, turns, inputHash: hashJudgeInput(system, turns), images: content.filter((part) => part.type === 'image').length };
}

/** What a judge is shown of a run, as every prompt about one run opens: context, instruction, then the evidence and its notes. */
export function materialParts(material: JudgingMaterial): JudgeContentPart[] {
  return [
    text(`## Context\n${material.context.trim()}`),
    text(`## Instruction given to the agent\n${material.instruction.trim() || '(none recorded)'}`),
    text('## Evidence'),
    ...material.evidence,
    ...(material.notes.length > 0 ? [text(`Notes on the evidence:\n${material.notes.map((note) => `- ${note}`).join('\n')}`)] : []),
  ];
}

/**
 * The no-artifact control's material: the same context and instruction, and in place of the
 * evidence a statement that none is shown, so a judge scores from the task and rubrics alone.
 * Everything else of the prompt (preamble, rubrics, reply format) is the real one's.
 */
export function withoutArtifact(material: JudgingMaterial): JudgingMaterial {
  return {
    ...material,
    evidence: [{ type: 'text', text: NO_ARTIFACT_NOTE }],
    notes: [],
  };
}

/** What a no-artifact prompt says where the evidence would be. */
export const NO_ARTIFACT_NOTE =
  'No artifact of the run is shown: no trajectory, no frames, no files. Score each rubric from the task and the rubric alone, as you expect a run given this instruction to do.';

/** Adjacent text parts become one (fewer blocks on the wire, the same text). */
export function mergeAdjacentText(parts: JudgeContentPart[]): JudgeContentPart[] {
  const merged: JudgeContentPart[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (part.type === 'text' && previous?.type === 'text') merged[merged.length - 1] = { type: 'text', text: `${previous.text}\n\n${part.text}` };
    else merged.push(part);
  }
  return merged;
}

/** SHA-256 over everything shown: each field length-prefixed so no two inputs hash alike by concatenation. */
export function hashJudgeInput(system: string, turns: readonly JudgeTurn[]): string {
  const hash = createHash('sha256');
  const field = (kind: string, bytes: Buffer) => {
    hash.update(`${kind}:${bytes.length}:`);
    hash.update(bytes);
  };
  field('system', Buffer.from(system, 'utf8'));
  for (const turn of turns) {
    field('turn', Buffer.from(turn.role, 'utf8'));
    for (const part of turn.content) {
      if (part.type === 'text') field('text', Buffer.from(part.text, 'utf8'));
      else {
        field('image-type', Buffer.from(part.mediaType, 'utf8'));
        field('image', part.data);
      }
    }
  }
  return hash.digest('hex');
}

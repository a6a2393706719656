import { z } from 'zod';

/**
 * A script for the scripted model server (core/runs/replay): the model turns it plays back, in
 * order, to whichever harness asks. A turn is some text and the tool calls the "model" makes.
 *
 * Portable actions (`read`, `write`, `shell`) are turned into the asking harness's own tools
 * (Claude Code's Read/Write/Bash, Codex's shell, Gemini CLI's read_file/write_file/
 * run_shell_command), chosen from the tools the request offers; `tool` names one exactly; `mcp`
 * calls an MCP server's tool under the name the asking harness gives it (Claude Code and Codex
 * `mcp__<server>__<tool>`, Gemini CLI `mcp_<server>_<tool>`).
 * Strings may use `{{workdir}}` (the run folder, absolute) and `{{skill_file}}` (the installed
 * SKILL.md, absolute), filled in per session.
 */
export const ReplayActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('read'), path: z.string().min(1) }).strict(),
  z.object({ action: z.literal('write'), path: z.string().min(1), content: z.string() }).strict(),
  z.object({ action: z.literal('shell'), command: z.string().min(1) }).strict(),
  z.object({ action: z.literal('tool'), name: z.string().min(1), arguments: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ action: z.literal('mcp'), server: z.string().min(1), tool: z.string().min(1), arguments: z.record(z.string(), z.unknown()).default({}) }).strict(),
]);
export type ReplayAction = z.infer<typeof ReplayActionSchema>;

export const ReplayTurnSchema = z
  .object({
    text: z.string().default(''),
    calls: z.array(ReplayActionSchema).default([]),
  })
  .strict();
export type ReplayTurn = z.infer<typeof ReplayTurnSchema>;

export const ReplayScriptSchema = z
  .object({
    name: z.string().min(1),
    turns: z.array(ReplayTurnSchema).min(1),
    /** Said once every turn has been played: a reply without tool calls ends the agent's loop. */
    final: z.string().default('Done.'),
    /**
     * Token usage each reply reports (so trajectories and costs have numbers to sum); `cachedInput`
     * is the part of `input` the reply says was read from the prompt cache (none unless given).
     */
    usage: z
      .object({ input: z.number().int().min(0), output: z.number().int().min(0), cachedInput: z.number().int().min(0).optional() })
      .refine((usage) => (usage.cachedInput ?? 0) <= usage.input, { message: 'cachedInput is part of input, so it cannot be larger', path: ['cachedInput'] })
      .default({ input: 100, output: 20 }),
  })
  .strict();
export type ReplayScript = z.infer<typeof ReplayScriptSchema>;

export const ReplayVariablesSchema = z.object({ workdir: z.string(), skill_file: z.string().default('') });
export type ReplayVariables = z.infer<typeof ReplayVariablesSchema>;

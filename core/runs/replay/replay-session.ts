import type { ReplayAction, ReplayScript, ReplayVariables } from '../../../schemas/replay-script.ts';

/** What the scripted model says next: some text and tool calls, or the script's final words. */
export interface PlannedReply {
  text: string;
  calls: ReplayAction[];
  /** True once every scripted turn has been played: the reply carries no tool calls. */
  final: boolean;
  usage: ReplayScript['usage'];
}

/** One request a harness sent, kept so tests can see what the agent sent back (tool results). */
export interface RecordedRequest {
  format: string;
  method: string;
  path: string;
  body: unknown;
  at: string;
}

const fill = (value: string, vars: ReplayVariables): string =>
  value.replaceAll('{{workdir}}', vars.workdir).replaceAll('{{skill_file}}', vars.skill_file);

function fillAction(action: ReplayAction, vars: ReplayVariables): ReplayAction {
  switch (action.action) {
    case 'read':
      return { ...action, path: fill(action.path, vars) };
    case 'write':
      return { ...action, path: fill(action.path, vars), content: fill(action.content, vars) };
    case 'shell':
      return { ...action, command: fill(action.command, vars) };
    case 'tool':
    case 'mcp':
      return { ...action, arguments: JSON.parse(fill(JSON.stringify(action.arguments), vars)) as Record<string, unknown> };
  }
}

/**
 * One agent's conversation with the scripted model. Stateless by design: the turn to play is
 * the number of model turns already in the request's history, so a harness that retries a
 * request, or is restarted, gets the same answer again.
 */
export class ReplaySession {
  readonly id: string;
  readonly script: ReplayScript;
  readonly variables: ReplayVariables;
  readonly requests: RecordedRequest[] = [];

  constructor(id: string, script: ReplayScript, variables: ReplayVariables) {
    this.id = id;
    this.script = script;
    this.variables = variables;
  }

  /** The reply for a request whose history already holds `modelTurnsSoFar` model turns. */
  replyAt(modelTurnsSoFar: number): PlannedReply {
    const turn = this.script.turns[modelTurnsSoFar];
    if (!turn) return { text: fill(this.script.final, this.variables), calls: [], final: true, usage: this.script.usage };
    return {
      text: fill(turn.text, this.variables),
      calls: turn.calls.map((call) => fillAction(call, this.variables)),
      final: false,
      usage: this.script.usage,
    };
  }

  record(request: RecordedRequest): void {
    this.requests.push(request);
  }
}

/**
 * What a harness's tool does, in words no harness uses: how the judges' blinding names a call
 * (`shell`, `read`, `edit` …) and what error→recovery matching counts as "the same thing" (a
 * failed edit of a file, then a write of it). `other` is a tool that is none of these.
 */
export type ToolKind = 'shell' | 'read' | 'write' | 'edit' | 'search' | 'web-fetch' | 'web-search' | 'plan' | 'subagent' | 'skill' | 'memory' | 'ask' | 'other';

/**
 * The arguments recovery and the blinding read, by what they hold: the shell command line, the
 * file or folder, several files, a search pattern or query, a written file's content, an edit's
 * old and new text, a URL, and a list of file changes (`{changes: [{path, kind}]}`).
 */
export type ToolArgument = 'command' | 'path' | 'paths' | 'pattern' | 'content' | 'old' | 'new' | 'url' | 'changes';

/** One tool, declared: what it does, and which of its argument fields hold each argument (the first one present is read). */
export interface DeclaredTool {
  kind: ToolKind;
  args: Partial<Record<ToolArgument, readonly string[]>>;
}

/**
 * A harness's tools as it names them in its transcripts (and in ATIF files of runs elsewhere).
 * `byPattern` is for a harness whose tools are any agent's (the command harness, which other
 * agents' trajectories are imported as): tools read by what their names say, in order.
 */
export interface DeclaredTools {
  byName: Readonly<Record<string, DeclaredTool>>;
  byPattern?: readonly (readonly [RegExp, DeclaredTool])[];
}

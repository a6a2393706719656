import type { ErrorType, TrajectoryToolCall } from '../../../schemas/trajectory.ts';
import type { ToolCallAction } from './tool-call-action.ts';

/**
 * The type of a failed tool call, from what it ran and what it printed. The most specific cause
 * shown in the output wins over what the command was for, so a build that fails on `error
 * TS2322` is `syntax-type` and one that fails on ECONNREFUSED is `network`; a build or test
 * command that fails with no more specific cause is `build` or `test`. Order:
 *   verifier (the tool is the preview verifier) → network → timeout → permission → syntax-type →
 *   not-found → config → test (command or output) → build (command or output) → runtime → tool.
 * Each rule is a regular expression on the result text (and the harness's failure reason).
 */
interface Rule {
  type: ErrorType;
  pattern: RegExp;
}

const RULES: Rule[] = [
  { type: 'network', pattern: /\bECONNREFUSED\b|\bENOTFOUND\b|\bECONNRESET\b|\bEAI_AGAIN\b|\bETIMEDOUT\b|\bEHOSTUNREACH\b|\bENETUNREACH\b|\bfetch failed\b|\bgetaddrinfo\b|\bcould not resolve host\b|\bconnection refused\b|\bnetwork is unreachable\b|\bsocket hang up\b|\bname or service not known\b|\btemporary failure in name resolution\b|\bfailed to connect to\b/i },
  { type: 'timeout', pattern: /\btimed out\b|\btime(?:d)?[- ]?out after\b|\bdeadline exceeded\b|\bexceeded (?:the )?(?:time ?limit|timeout)\b|\bkilled after \d+\s*(?:ms|s|seconds?)\b|\bexit code 124\b/i },
  { type: 'permission', pattern: /\bEACCES\b|\bEPERM\b|\bpermission denied\b|\boperation not permitted\b|\bread-only file system\b|\bEROFS\b/i },
  { type: 'syntax-type', pattern: /\bSyntaxError\b|\berror TS\d{3,5}\b|\bTS\d{4}:|\bIndentationError\b|\bTabError\b|\bunexpected token\b|\bunterminated string\b|\bparse error\b|\bexpected ['"`;,)\]}]|\bis not assignable to\b|\bhas no exported member\b|\bdoes not exist on type\b|\btype error\b|\bmypy\b.*\berror\b|\bcompilation error\b/i },
  { type: 'not-found', pattern: /\bno such file or directory\b|\bENOENT\b|\bcommand not found\b|: not found$|\bcannot find module\b|\bmodule not found\b|\bModuleNotFoundError\b|\bfile not found\b|\b(?:file|directory|folder|path)\b[^\n]*\bdoes not exist\b|\bcannot access\b.*\bno such\b|\bpath not found\b|\bcould not find\b.*\bfile\b|\bENOTDIR\b/im },
  { type: 'config', pattern: /\binvalid (?:config(?:uration)?|options?)\b|\bconfig(?:uration)? (?:error|is invalid|not found)\b|\bunknown (?:compiler )?option\b|\bunrecognized (?:option|argument)s?\b|\bmissing (?:required )?env(?:ironment)? var(?:iable)?\b|\benvironment variable \S+ is (?:not set|required)\b|\bERR_REQUIRE_ESM\b|\bERR_UNKNOWN_FILE_EXTENSION\b|\bERR_INVALID_PACKAGE_CONFIG\b|\bERESOLVE\b|\bpeer dep(?:endency)? conflict\b|\bunsupported engine\b|\bEBADENGINE\b|\bnot a git repository\b|\bmissing script\b/i },
  { type: 'test', pattern: /\bTests?:\s+\d+ failed\b|\b\d+ (?:tests? )?fail(?:ed|ing)\b|\bFAIL\s+\S+\.(?:test|spec)\.|\bAssertionError\b|=+ .*\bfailed\b.* =+|\bexpect\(.*\)\.to/i },
  { type: 'build', pattern: /\bbuild failed\b|\bfailed to compile\b|\berror during build\b|\bcompilation failed\b|\bnpm ERR! .*\bbuild\b|\bERR_PNPM_\S*\b.*\bbuild\b|\bCould not resolve ["'].*["'] from\b|\bRollupError\b|\bbuild error\b/i },
  { type: 'runtime', pattern: /\bTraceback \(most recent call last\)|\b(?:Type|Reference|Range|URI|Eval)Error\b|\bUncaught\b|\bUnhandled(?:PromiseRejection| exception| rejection)\b|\bpanic:|\bSegmentation fault\b|\bcore dumped\b|\bException in thread\b|\bNullPointerException\b|\b(?:Key|Index|Attribute|Value|ZeroDivision|Name|Runtime|Assertion)Error\b|\bnode:internal\b|^\s+at .+:\d+:\d+\)?$/m },
];

export interface ClassifiedError {
  type: ErrorType;
  /** The line of the output that shows the cause, else the harness's failure reason. */
  message: string;
}

const MESSAGE_CHARS = 300;

function oneLine(text: string): string {
  // Harness wrappers like Claude Code's <tool_use_error>…</tool_use_error> (snake_case, so never HTML).
  const line = text.replace(/<\/?[a-z]+(?:_[a-z]+)+>/g, '').replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS - 1)}…` : line;
}

/** The first line of `text` matching `pattern`. */
function matchingLine(text: string, pattern: RegExp): string | null {
  const match = pattern.exec(text);
  if (!match) return null;
  const start = text.lastIndexOf('\n', match.index) + 1;
  const end = text.indexOf('\n', match.index + match[0].length);
  return oneLine(text.slice(start, end === -1 ? text.length : end)) || oneLine(match[0]);
}

/** Results can be 64 KiB; causes show near the start or the end. */
function searchable(result: string | null): string {
  if (!result) return '';
  return result.length > 24_576 ? `${result.slice(0, 12_288)}\n${result.slice(-12_288)}` : result;
}

export function classifyToolError(call: Pick<TrajectoryToolCall, 'name' | 'result' | 'failure'>, action: ToolCallAction): ClassifiedError {
  const text = searchable(call.result);
  const reason = call.failure ?? '';
  const haystack = `${text}\n${reason}`;
  const fallback = oneLine(firstMeaningfulLine(text) ?? reason) || `${call.name} failed`;
  if (/verif/i.test(call.name)) return { type: 'verifier', message: fallback };
  for (const rule of RULES) {
    if (rule.type === 'test' && action.family === 'test') return { type: 'test', message: matchingLine(haystack, rule.pattern) ?? fallback };
    if (rule.type === 'build' && action.family === 'build') return { type: 'build', message: matchingLine(haystack, rule.pattern) ?? errorLine(text) ?? fallback };
    const line = matchingLine(haystack, rule.pattern);
    if (line !== null) return { type: rule.type, message: line };
  }
  return { type: 'tool', message: errorLine(text) ?? fallback };
}

function errorLine(text: string): string | null {
  return matchingLine(text, /\berror\b|\bfailed\b|\bfatal\b/i);
}

function firstMeaningfulLine(text: string): string | null {
  for (const line of text.split('\n', 50)) if (line.trim() !== '') return line;
  return null;
}

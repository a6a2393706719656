/**
 * The command harness as an agent with errors, for CLI tests: a failed `ls` recovered by a passing
 * one, and a failed build (answering `buildResult`, a JSON string's contents) never recovered.
 */
export function commandAgentWithErrors(buildResult = 'error TS2322: Type string is not assignable'): string {
  return [
    `mkdir -p out/dist && cat data.csv > out/dist/index.html`,
    `echo '{"type":"session","model":"scripted","harnessVersion":"9.9"}'`,
    `echo '{"type":"tool_call","name":"shell","arguments":{"command":"ls nothing"}}' && echo '{"type":"tool_result","result":"ls: nothing: No such file or directory","exitCode":2}'`,
    `echo '{"type":"tool_call","name":"shell","arguments":{"command":"ls out"}}' && echo '{"type":"tool_result","result":"dist","exitCode":0}'`,
    `echo '{"type":"tool_call","name":"shell","arguments":{"command":"npm run build"}}' && echo '{"type":"tool_result","result":"${buildResult}","exitCode":1}'`,
    `echo '{"type":"usage","input":120,"output":40}'`,
  ].join(' && ');
}

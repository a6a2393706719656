/**
 * Two command-harness agents for one task whose trajectories part at a known place, for the
 * compare tests (CLI and screen). Three steps of one shell call each: both first fail an
 * `ls nothing`, then A runs `ls out` where B runs `cat data.csv` (the divergence: step 2 of
 * each, index 1), and both end with `npm run build`. Their out/ differs:
 * index.html changes one line, and each leaves a file the other does not.
 */
const event = (json: object) => `echo '${JSON.stringify(json)}'`;

function agent(middleCommand: string, middleResult: string, page: string, ownFile: string): string {
  return [
    `mkdir -p out/dist && printf '<h1>Trend</h1>\\n<p>${page}</p>\\n<footer>end</footer>\\n' > out/dist/index.html && echo ${ownFile} > out/dist/${ownFile}`,
    event({ type: 'session', model: 'scripted', harnessVersion: '9.9' }),
    event({ type: 'step', source: 'agent', text: 'I look for what is there.' }),
    event({ type: 'tool_call', id: 'c1', name: 'shell', arguments: { command: 'ls nothing' } }) + ' && ' + event({ type: 'tool_result', id: 'c1', result: 'ls: nothing: No such file or directory', exitCode: 2 }),
    event({ type: 'step', source: 'agent', text: 'Nothing there; I look elsewhere.' }),
    event({ type: 'tool_call', id: 'c2', name: 'shell', arguments: { command: middleCommand } }) + ' && ' + event({ type: 'tool_result', id: 'c2', result: middleResult, exitCode: 0 }),
    event({ type: 'step', source: 'agent', text: 'Now I build the page.' }),
    event({ type: 'tool_call', id: 'c3', name: 'shell', arguments: { command: 'npm run build' } }) + ' && ' + event({ type: 'tool_result', id: 'c3', result: 'built', exitCode: 0 }),
    event({ type: 'usage', input: 120, output: 40 }),
  ].join(' && ');
}

export const DIVERGING_AGENTS = {
  a: agent('ls out', 'dist', 'It rises.', 'notes-a.txt'),
  b: agent('cat data.csv', 'year,value', 'It falls.', 'notes-b.txt'),
  /** The command each run's diverging step ran. */
  divergentCommands: { a: 'ls out', b: 'cat data.csv' },
};

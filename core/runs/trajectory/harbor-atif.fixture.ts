/** For tests: ATIF trajectories shaped as Harbor's agents write them. */

/**
 * A trajectory as a Harbor agent writes it: a failed `cat`, a passing one (its recovery) in the
 * same step, a failed test left unrecovered; 2,700 prompt tokens (200 cached) and 130 out.
 */
export function harborAtif(agent = 'claude-code') {
  return {
    schema_version: 'ATIF-v1.5',
    session_id: 'trial-0001',
    agent: { name: agent, version: '2.1.3', model_name: 'claude-sonnet-4-5' },
    steps: [
      { step_id: 1, timestamp: '2025-11-03T12:00:00Z', source: 'user', message: 'Build the page.' },
      {
        step_id: 2,
        source: 'agent',
        message: 'Looking around.',
        tool_calls: [
          { tool_call_id: 't1', function_name: 'Bash', arguments: { command: 'cat inputs/missing.csv' } },
          { tool_call_id: 't2', function_name: 'Bash', arguments: { command: 'cat inputs/data.csv' } },
        ],
        observation: {
          results: [
            { source_call_id: 't1', content: 'cat: inputs/missing.csv: No such file or directory\n[exit code: 1]' },
            { source_call_id: 't2', content: 'year,value\n2025,2' },
          ],
        },
        metrics: { prompt_tokens: 1200, completion_tokens: 90, cached_tokens: 200 },
      },
      {
        step_id: 3,
        source: 'agent',
        message: 'Testing.',
        tool_calls: [{ tool_call_id: 't3', function_name: 'Bash', arguments: { command: 'npm test' } }],
        observation: { results: [{ source_call_id: 't3', content: 'Tests: 2 failed, 3 passed\n[exit code: 1]' }] },
        metrics: { prompt_tokens: 1500, completion_tokens: 40 },
      },
    ],
  };
}

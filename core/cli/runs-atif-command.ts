import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { withCliApi } from './open-cli-api.ts';

/**
 * `lhb runs export-atif RUN [--out FILE]`: the run's trajectory as Harbor's ATIF trajectory.json,
 * to stdout or to FILE. What ATIF has no field for travels in `extra.lhb`, so the file imports back
 * (`lhb runs import` of a folder with it beside a run.json, or as a Harbor trial's
 * agent/trajectory.json) as the same trajectory with the same errors and recoveries.
 */
export async function runRunsExportAtif(runId: string, options: { out?: string; workspace?: string }): Promise<void> {
  await withCliApi(
    options.workspace,
    async (api) => {
      const { atif } = await api.call('runs.exportAtif', { runId });
      const text = `${JSON.stringify(atif, null, 2)}\n`;
      if (!options.out) return void process.stdout.write(text);
      const file = resolve(options.out);
      writeFileSync(file, text);
      process.stderr.write(`Wrote run ${runId}'s trajectory as ATIF to ${file}.\n`);
    },
    { access: 'read' },
  );
}

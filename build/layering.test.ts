import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The architecture's arrows are lint rules; these cases prove a wrong-way import fails lint
// (and so CI), and that the right-way imports next to them pass.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

async function importProblems(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layering lint', () => {
  it.each([
    ['schemas/x.ts', "import { openWorkspace } from '../core/workspace/open-workspace.ts';", 'imports nothing of ours'],
    ['schemas/x.ts', "import { App } from '../renderer/app/App.tsx';", 'imports nothing of ours'],
    ['core/api/x.ts', "import { app } from 'electron';", 'never imports electron'],
    ['core/store/x.ts', "import { useState } from 'react';", 'no React'],
    ['core/x.ts', "import { useAppStore } from '../renderer/app/app-store.ts';", 'never imports the UIs'],
    ['renderer/app/x.ts', "import { openWorkspace } from '../../core/workspace/open-workspace.ts';", 'only through the RPC client'],
    ['renderer/app/x.ts', "import { readFileSync } from 'node:fs';", 'no Node modules'],
    ['renderer/app/x.ts', "import Database from 'better-sqlite3';", 'no database'],
    ['electron/x.ts', "import { App } from '../renderer/app/App.tsx';", 'never imports renderer code'],
    ['renderer/runs/x.ts', "import { useAppStore } from '../app/app-store.ts';", 'never imports the shell'],
    ['renderer/export/x.tsx', "import { JobTray } from '../app/JobTray.tsx';", 'never imports the shell'],
    ['renderer/runs/x.ts', "import { openWorkspace } from '../../core/workspace/open-workspace.ts';", 'only through the RPC client'],
    ['renderer/ui/x.tsx', "import { useRunsStore } from '../runs/runs-store.ts';", 'imports none of them'],
    ['renderer/ui/x.tsx', "import { useAppStore } from '../app/app-store.ts';", 'imports none of them'],
    ['renderer/api/x.ts', "import { useAppStore } from '../app/app-store.ts';", 'the client under everything'],
    ['renderer/api/x.ts', "import { readFileSync } from 'node:fs';", 'no Node modules'],
    ['core/random/x.ts', "import { fitBradleyTerry } from '../stats/bradley-terry.ts';", 'imports nothing of ours'],
    ['core/random/x.ts', "import { useState } from 'react';", 'no React'],
    ['core/store/x.ts', "import { readSeedManifest } from '../workspace/seed-manifest.ts';", 'core/store/ is under every capability'],
    ['core/store/x.ts', "import { JobRunner } from '../jobs/job-runner.ts';", 'core/store/ is under every capability'],
    ['core/store/x.ts', "import { app } from 'electron';", 'never imports electron'],
    ['core/jobs/x.ts', "import { openWorkspace } from '../workspace/open-workspace.ts';", 'core/jobs/ runs'],
    ['core/workspace/x.ts', "import { importBundles } from '../runs/bundles/import-bundles.ts';", 'core/workspace/ opens the folder'],
    ['core/workspace/x.ts', "import { importPaths } from '../sources/import-sources.ts';", 'core/workspace/ opens the folder'],
    ['core/workspace/x.ts', "import { seedDataRoom } from '../demo/seed-data-room.ts';", 'core/workspace/ opens the folder'],
    ['core/workspace/x.ts', "import { useState } from 'react';", 'no React'],
    ['core/stats/x.ts', "import { listLiveVotes } from '../store/vote-repository.ts';", 'pure statistics'],
    ['core/stats/x.ts', "import { readFileSync } from 'node:fs';", 'pure statistics'],
    ['core/runs/harnesses/codex/x.ts', "import { claudeCodeAdapter } from '../claude-code/claude-code.ts';", 'imports no other harness folder'],
    ['core/runs/harnesses/codex/x.ts', "import { HARNESS_ADAPTERS } from '../harness-registry.ts';", 'imports no other harness folder'],
    ['core/runs/harnesses/codex/x.ts', "import { useState } from 'react';", 'no React'],
    ['core/runs/trajectory/x.ts', "import { createCodexParser } from '../harnesses/codex/parse-codex.ts';", 'parsing machinery under every harness'],
    ['core/runs/executors/slurm/x.ts', "import { StudySpecError } from '../../study/study-spec-error.ts';", 'never imports study/ or bundles/'],
    ['core/runs/executors/x.ts', "import { importBundles } from '../bundles/import-bundles.ts';", 'never imports study/ or bundles/'],
    ['core/runs/trajectory/x.ts', "import { readJsonFile } from '../bundles/bundle-files.ts';", 'never imports them'],
    ['core/runs/trajectory/x.ts', "import { loadStudySpec } from '../study/run-study.ts';", 'never imports them'],
    ['core/cli/x.ts', "import { studyEngineOf } from '../api/handlers/run-engine-context.ts';", 'calls the API like every caller'],
    ['core/export/hub/x.ts', "import { openApi } from '../../api/open-api.ts';", 'pushes an exported folder'],
    ['core/export/hub/x.ts', "import { exportDataset } from '../export-dataset.ts';", 'pushes an exported folder'],
    ['core/model-apis/x.ts', "import { ProviderError } from '../judge/providers/judge-provider.ts';", 'core/model-apis/ is under judge/ and runs/'],
    ['core/model-apis/openai-chat/x.ts', "import { ReplaySession } from '../../runs/replay/replay-session.ts';", 'core/model-apis/ is under judge/ and runs/'],
    ['core/model-apis/openai-chat/x.ts', "import { shellQuote } from '../../shell-quote.ts';", 'core/model-apis/ is under judge/ and runs/'],
    ['core/model-apis/openai-chat/x.ts', "import { useState } from 'react';", 'no React'],
  ])('%s: refuses %s', async (file, source, why) => {
    const problems = await importProblems(file, `${source}\nexport const used = [${source.match(/import (?:\{ )?(\w+)/)?.[1]}];\n`);
    expect(problems.join('\n')).toContain(why);
  });

  it.each([
    ['renderer/app/x.ts', "import { rpcContract } from '../../schemas/rpc.ts';"],
    ['renderer/app/x.tsx', "import { RunsScreen } from '../runs/RunsScreen.tsx';"],
    ['renderer/runs/x.ts', "import { useConnectedClient } from '../api/connected-client.ts';"],
    ['renderer/runs/x.ts', "import { AGENT_FRAME_SANDBOX } from '../arena/agent-frame-attributes.ts';"],
    ['renderer/api/x.ts', "import { rpcContract } from '../../schemas/rpc.ts';"],
    ['core/api/x.ts', "import { rpcContract } from '../../schemas/rpc.ts';"],
    ['electron/x.ts', "import { createApi } from '../core/api/create-api.ts';"],
    ['core/stats/x.ts', "import { createXoshiro128Random } from '../random/xoshiro128-random.ts';"],
    ['core/random/x.ts', "import { createSfc32Random } from './sfc32-random.ts';"],
    ['core/store/x.ts', "import { RunStatusSchema } from '../../schemas/trajectory.ts';"],
    ['core/jobs/x.ts', "import { insertJob } from '../store/job-repository.ts';"],
    ['core/workspace/x.ts', "import { openDatabase } from '../store/open-database.ts';"],
    ['core/workspace/x.ts', "import { JobRunner } from '../jobs/job-runner.ts';"],
    ['core/workspace/x.ts', "import { demoDatasetDir } from '../app-paths.ts';"],
    ['core/workspace/x.test.ts', "import { openApi } from '../api/open-api.ts';"],
    ['core/demo/x.ts', "import { importPaths } from '../sources/import-sources.ts';"],
    ['core/runs/harnesses/codex/x.ts', "import { baseHarnessEnv } from '../harness-adapter.ts';"],
    ['core/runs/harnesses/codex/x.ts', "import { capText } from '../../trajectory/bounded-text.ts';"],
    ['core/runs/harnesses/codex/x.ts', "import { codexConfigToml } from './codex-config-toml.ts';"],
    ['core/runs/trajectory/x.ts', "import { harnessAdapter } from '../harnesses/harness-registry.ts';"],
    ['core/runs/trajectory/x.test.ts', "import { createCodexParser } from '../harnesses/codex/parse-codex.ts';"],
    ['core/runs/trajectory/x.ts', "import { readJsonFile } from '../files-inside-folder.ts';"],
    ['core/runs/bundles/x.ts', "import { readHarborTrial } from '../trajectory/atif-harbor-trial.ts';"],
    ['core/runs/study/x.ts', "import { createSlurmExecutor } from '../executors/slurm/slurm-executor.ts';"],
    ['core/runs/executors/slurm/x.test.ts', "import { importTestTask } from '../../study/study-engine.fixture.ts';"],
    ['core/model-apis/x.ts', "import { readCappedBody } from '../read-capped-body.ts';"],
    ['core/model-apis/openai-chat/x.ts', "import { JudgeProviderIdSchema } from '../../../schemas/judge.ts';"],
    ['core/model-apis/openai-chat/x.ts', "import { apiUrl } from '../api-url.ts';"],
    ['core/model-apis/openai-chat/x.ts', "import { ResponsesOutputItem } from '../openai-responses/openai-responses-server.ts';"],
    ['core/model-apis/openai-chat/x.ts', "import { readCappedBody } from '../../read-capped-body.ts';"],
    ['core/judge/providers/x.ts', "import { openAiChatClient } from '../../model-apis/openai-chat/openai-chat-client.ts';"],
    ['core/export/hub/x.ts', "import { CARD_TAGS } from '../card-metadata.ts';"],
    ['core/export/hub/x.ts', "import { LhbError } from '../../../schemas/lhb-error.ts';"],
    ['core/export/hub/x.test.ts', "import { openApi } from '../../api/open-api.ts';"],
  ])('%s: allows %s', async (file, source) => {
    const problems = await importProblems(file, `${source}\nexport const used = [${source.match(/import \{ (\w+)/)?.[1]}];\n`);
    expect(problems).toEqual([]);
  });
});

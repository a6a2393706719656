// Child process for study-resume.test.ts: opens a workspace, starts a study and runs it until
// the test kills this process with SIGKILL (or the study ends).
//
//   node --import tsx core/runs/study/study-engine-child.fixture.ts WORKSPACE SPEC_JSON
//
// Prints `started <studyId>` once the study's job runs.
import { writeSync } from 'node:fs';
import { createApi } from '../../api/create-api.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';

const [workspaceDir, specJson] = process.argv.slice(2);
const api = createApi(openWorkspace(workspaceDir!));
const { studyId } = await api.call('runs.start', JSON.parse(specJson!));
writeSync(1, `started ${studyId}\n`);
await api.context.jobs.idle();
await api.close();

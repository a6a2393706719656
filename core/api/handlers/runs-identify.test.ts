import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LhbError } from '../../../schemas/lhb-error.ts';
import type { Api } from '../create-api.ts';
import { openApi } from '../open-api.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { insertStudy } from '../../store/study-repository.ts';
import { upsertTask } from '../../store/task-repository.ts';

// runs.identify answers what `lhb runs retry|cancel ID` was given, so the CLI never reads the store to tell.

const NOW = '2026-01-05T10:00:00.000Z';
let dir: string;
let api: Api;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-runs-identify-'));
  api = await openApi(join(dir, 'ws'), { emptyProject: { name: 'Identify' } });
  const db = api.context.workspace.db;
  const projectId = findCurrentProject(db)!.id;
  upsertTask(db, { id: 'task-1', project_id: projectId, kind: 'programmatic', title: 'A page', instruction: 'Build one page.', chapter_id: null, figma_file_key: null, created_at: NOW, updated_at: NOW }, []);
  for (const { studyId, runId } of [
    { studyId: 'aaaa1111-study', runId: 'cccc3333-run' },
    { studyId: 'aaaa2222-study', runId: 'dddd4444-run' },
  ]) {
    insertStudy(
      db,
      { id: studyId, project_id: projectId, name: studyId, spec_json: '{}', config_digest: 'd', executor: 'local', folder: join(dir, studyId), state: 'finished', job_id: null, cancel_requested_at: null, created_at: NOW, updated_at: NOW },
      [{ id: runId, study_id: studyId, position: 0, task_id: 'task-1', harness: 'command', model: 'm', versions_json: '{}', config_id: 'c', config_index: 0, repeat_index: 0, updated_at: NOW }],
    );
  }
});

afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('runs.identify', () => {
  it('names a study by its id or the start of it, a study run by the start of its id, and nothing for an id no row has', async () => {
    expect(await api.call('runs.identify', { id: 'aaaa1111-study' })).toEqual({ kind: 'study', studyId: 'aaaa1111-study' });
    expect(await api.call('runs.identify', { id: 'aaaa2222' })).toEqual({ kind: 'study', studyId: 'aaaa2222-study' });
    expect(await api.call('runs.identify', { id: 'dddd4444' })).toEqual({ kind: 'run', runId: 'dddd4444-run', studyId: 'aaaa2222-study' });
    expect(await api.call('runs.identify', { id: 'eeee5555' })).toEqual({ kind: 'none' });
  });

  it('refuses the start of several studies, naming them', async () => {
    const refused = await api.call('runs.identify', { id: 'aaaa' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LhbError);
    expect(refused).toMatchObject({ code: 'bad_request', message: expect.stringContaining('aaaa1111-study, aaaa2222-study') });
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Annotator } from '../../schemas/arena.ts';
import { findAnnotator, findAnnotatorByName, insertAnnotator, listAnnotators, type AnnotatorRow } from '../store/annotator-repository.ts';
import { requireCurrentProject } from '../store/project-repository.ts';
import { countLiveVotesByAnnotator } from '../store/vote-repository.ts';
import { arenaNowIso, type ArenaDeps } from './arena-deps.ts';
import { LhbError } from '../../schemas/lhb-error.ts';

/** The project's annotators with how many live votes each has cast. */
export function listAnnotatorViews(db: Database): Annotator[] {
  const votes = countLiveVotesByAnnotator(db);
  return listAnnotators(db, requireCurrentProject(db).id).map((row) => toAnnotator(row, votes.get(row.id) ?? 0));
}

/**
 * A new annotator with their own queue seed (random unless given: the demo's synthetic experts
 * replay a fixed one). Names are unique in a project.
 */
export function createAnnotator(deps: ArenaDeps, name: string, options: { synthetic?: boolean; queueSeed?: string } = {}): Annotator {
  const project = requireCurrentProject(deps.db).id;
  const trimmed = name.trim();
  if (findAnnotatorByName(deps.db, project, trimmed)) {
    throw new LhbError('conflict', `An annotator named "${trimmed}" already exists; pick it from the list, or choose another name.`);
  }
  const row: AnnotatorRow = {
    id: randomUUID(),
    project_id: project,
    name: trimmed,
    queue_seed: options.queueSeed ?? randomBytes(16).toString('hex'),
    synthetic: options.synthetic ? 1 : 0,
    created_at: arenaNowIso(deps),
  };
  insertAnnotator(deps.db, row);
  return toAnnotator(row, 0);
}

function toAnnotator(row: AnnotatorRow, votes: number): Annotator {
  return { id: row.id, name: row.name, synthetic: row.synthetic === 1, votes };
}

/** The annotator an arena call names, or the error a voter can act on. */
export function requireAnnotator(db: Database, annotatorId: string): AnnotatorRow {
  const annotator = findAnnotator(db, annotatorId);
  if (!annotator) throw new LhbError('not_found', `No annotator ${annotatorId} in this workspace; pick one from the list or create yourself.`);
  return annotator;
}

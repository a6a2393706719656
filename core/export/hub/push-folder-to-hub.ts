import { openAsBlob, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createBranch, createRepo, downloadFile, HubApiError, uploadFilesWithProgress, type CommitProgressEvent } from '@huggingface/hub';
import { hubPushError } from './hub-push-error.ts';
import { PUSH_FLAG_WORDS, type HubPushWords } from './hub-push-words.ts';
import { checkHubRepoName } from './hub-repo-name.ts';
import { DEFAULT_HUB_URL } from './hub-settings.ts';
import { mergeCardMetadata } from './merge-card-metadata.ts';

export interface HubPushInput {
  /** The dataset folder `lhb export hf` wrote. */
  folder: string;
  /** `OWNER/NAME` of the dataset repository. */
  repo: string;
  token: { token: string; source: string };
  hubUrl?: string;
  /** The branch to commit to (created from main when missing); `main` when not given. */
  revision?: string;
  /** Create the repository private (an existing one keeps its visibility). */
  private?: boolean;
  onEvent?(event: HubPushEvent): void;
  /** Stops the upload; nothing is committed then. */
  signal?: AbortSignal;
  /** How refusals name the caller's inputs (default: the command's flags). */
  words?: HubPushWords;
}

/** What a push is doing, for a progress bar or a log line. */
export type HubPushEvent =
  | { kind: 'repo'; created: boolean; url: string }
  | { kind: 'card'; keptFromHub: string[] }
  | { kind: 'phase'; phase: 'preuploading' | 'uploadingLargeFiles' | 'committing'; files: number; bytes: number }
  | { kind: 'hashing'; path: string; progress: number }
  /** An LFS file is on the Hub: `sent` now, or already there from an earlier push (not sent again). */
  | { kind: 'file'; path: string; bytes: number; sent: boolean };

export interface HubPushResult {
  url: string;
  revision: string;
  commitUrl: string;
  createdRepo: boolean;
  keptFromHub: string[];
  files: { path: string; bytes: number; lfs: boolean; sent: boolean }[];
}

/**
 * Uploads a dataset folder to a dataset repository on the Hub through the Hub's own client:
 * creates the repository when missing (and the branch), merges the card's header with the Hub's
 * README.md (mergeCardMetadata), then one commit of every file. The Hub decides which files go
 * through LFS (Parquet always does: its `.gitattributes` lists `*.parquet`, and the files are
 * binary); the LFS batch step asks it which objects it already holds, so a push after an
 * interrupted one sends only what had not arrived.
 */
export async function pushFolderToHub(input: HubPushInput): Promise<HubPushResult> {
  const words = input.words ?? PUSH_FLAG_WORDS;
  checkHubRepoName(input.repo, words);
  const hubUrl = (input.hubUrl ?? DEFAULT_HUB_URL).replace(/\/+$/, '');
  const revision = input.revision ?? 'main';
  const repo = { type: 'dataset' as const, name: input.repo };
  const auth = { accessToken: input.token.token, hubUrl };
  const where = { repo: input.repo, hubUrl, revision, tokenSource: input.token.source };
  const emit = input.onEvent ?? (() => {});
  try {
    const createdRepo = await ignoringConflict(() => createRepo({ ...auth, repo, ...(input.private ? { visibility: 'private' as const } : {}) }));
    const url = `${hubUrl}/datasets/${input.repo}`;
    emit({ kind: 'repo', created: createdRepo, url });
    if (revision !== 'main') await ignoringConflict(() => createBranch({ ...auth, repo, branch: revision }));

    const files = filesInFolder(input.folder);
    const hubCard = await downloadFile({ ...auth, repo, path: 'README.md', revision });
    const ours = await (await openAsBlob(join(input.folder, 'README.md'))).text();
    const card = mergeCardMetadata(ours, hubCard ? await hubCard.text() : null);
    emit({ kind: 'card', keptFromHub: card.keptFromHub });

    const contents = await Promise.all(files.map(async (path) => ({ path, content: path === 'README.md' ? new Blob([card.text]) : await openAsBlob(join(input.folder, path)) })));
    const sizes = new Map(contents.map(({ path, content }) => [path, content.size]));
    const total = { files: contents.length, bytes: [...sizes.values()].reduce((sum, size) => sum + size, 0) };
    const lfs = new Set<string>();
    const sent = new Set<string>();
    const onProgress = (event: CommitProgressEvent) => {
      if (event.event === 'phase') return emit({ kind: 'phase', phase: event.phase, ...total });
      if (event.state === 'hashing') {
        lfs.add(event.path);
        return emit({ kind: 'hashing', path: event.path, progress: event.progress });
      }
      // The library says 0 before it PUTs an object, and only 1 for one the Hub already holds.
      if (event.state === 'uploading' && event.progress === 0) sent.add(event.path);
      if (event.state === 'uploading' && event.progress === 1 && lfs.has(event.path)) emit({ kind: 'file', path: event.path, bytes: sizes.get(event.path) ?? 0, sent: sent.has(event.path) });
    };
    // The library listens for the abort only once it has started: one that came first stops here.
    input.signal?.throwIfAborted();
    const upload = uploadFilesWithProgress({ ...auth, repo, branch: revision, files: contents, ...(input.signal ? { abortSignal: input.signal } : {}), commitTitle: `Upload the dataset exported by LH-Bench Studio (${contents.length} files)` });
    let step = await upload.next();
    while (!step.done) {
      onProgress(step.value);
      step = await upload.next();
    }
    return {
      url,
      revision,
      commitUrl: step.value?.commit.url ?? url,
      createdRepo,
      keptFromHub: card.keptFromHub,
      files: files.map((path) => ({ path, bytes: sizes.get(path) ?? 0, lfs: lfs.has(path), sent: lfs.has(path) ? sent.has(path) : true })),
    };
  } catch (error) {
    throw hubPushError(error, where, words);
  }
}

/** Runs a creation the Hub answers with 409 when the thing exists: true when it was created. */
async function ignoringConflict(create: () => Promise<unknown>): Promise<boolean> {
  try {
    await create();
    return true;
  } catch (error) {
    if (error instanceof HubApiError && error.statusCode === 409) return false;
    throw error;
  }
}

/** Every file under the folder, as the repository paths they become (`data/runs/train-….parquet`), sorted. */
export function filesInFolder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SourceSummary } from '../../../schemas/sources.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { createApi, type Api } from '../create-api.ts';
import { rpcErrorOf } from '../rpc-error-of.fixture.ts';

const PDF = fileURLToPath(new URL('../../../datasets/demo/sources/dashboard-review.pdf', import.meta.url));

let dir: string;
let api: Api;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-sources-original-'));
  api = createApi(openWorkspace(join(dir, 'workspace')));
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

async function importPdf(): Promise<SourceSummary> {
  const files = join(dir, 'files');
  mkdirSync(files);
  copyFileSync(PDF, join(files, 'field-review.pdf'));
  await api.call('sources.importPaths', { paths: [join(files, 'field-review.pdf')] });
  await api.context.jobs.idle();
  const { sources } = await api.call('sources.list', {});
  return sources.find((s) => s.originalName === 'field-review.pdf')!;
}

describe('sources.original', () => {
  it('gives back the exact bytes of the imported PDF with its name and type', async () => {
    const source = await importPdf();
    const original = await api.call('sources.original', { sourceId: source.id, versionId: source.latestVersionId });
    expect(original).toMatchObject({ name: 'field-review.pdf', type: 'pdf', sizeBytes: readFileSync(PDF).byteLength });
    expect(Buffer.from(original.base64, 'base64').equals(readFileSync(PDF))).toBe(true);
  });

  it('says what is missing: an unknown version, or a blob gone from the store (the text is kept)', async () => {
    const source = await importPdf();
    expect((await rpcErrorOf(api.call('sources.original', { sourceId: source.id, versionId: 'no-such-version' }))).code).toBe('not_found');
    const sha = source.sha256;
    rmSync(join(dir, 'workspace', 'blobs', sha.slice(0, 2), sha.slice(2)));
    const missing = await rpcErrorOf(api.call('sources.original', { sourceId: source.id, versionId: source.latestVersionId }));
    expect(missing.code).toBe('not_found');
    expect(missing.message).toContain('field-review.pdf (version 1) is missing from the workspace');
    expect(missing.message).toContain('its text is kept');
  });
});

import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { getSource } from '../../sources/get-source.ts';
import type { ApiContext } from '../api-context.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';

/** Largest original sent whole: base64 in one JSON answer costs about 1.4× the file in memory twice over. */
export const MAX_ORIGINAL_BYTES = 64 * 1024 * 1024;

/** A source version's original file from the blob store, for showing a PDF page beside the cited text. */
export function sourcesOriginal({ sourceId, versionId }: RpcParsedInput<'sources.original'>, { workspace }: ApiContext): RpcOutput<'sources.original'> {
  const { source, version } = getSource(workspace, sourceId, versionId);
  if (!workspace.blobs.has(version.sha256)) {
    throw new LhbError('not_found', `The original file of ${source.originalName} (version ${version.version}) is missing from the workspace's blob store; its text is kept. Import the file again to see its pages.`);
  }
  const bytes = workspace.blobs.read(version.sha256);
  if (bytes.byteLength > MAX_ORIGINAL_BYTES) {
    throw new LhbError('payload_too_large', `${source.originalName} is ${Math.round(bytes.byteLength / 1048576)} MiB; pages are shown beside the text for files up to 64 MiB. Open the file itself to check the page.`);
  }
  return { name: source.originalName, type: source.type, sizeBytes: bytes.byteLength, base64: bytes.toString('base64') };
}

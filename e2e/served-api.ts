import type { Job } from '../schemas/jobs.ts';
import type { RpcInput, RpcMethod, RpcOutput } from '../schemas/rpc.ts';
import type { SourceSummary } from '../schemas/sources.ts';

/** The served app's HTTP API from Node, with the launch token from the URL it printed. */
export class ServedApi {
  private constructor(
    readonly origin: string,
    private readonly token: string,
  ) {}

  static fromAppUrl(url: string): ServedApi {
    const parsed = new URL(url);
    const token = /token=([^&]+)/.exec(parsed.hash)?.[1];
    if (!token) throw new Error(`The app URL ${url} carries no #token=…`);
    return new ServedApi(parsed.origin, decodeURIComponent(token));
  }

  async call<M extends RpcMethod>(method: M, input: RpcInput<M>): Promise<RpcOutput<M>> {
    return (await this.post(`/rpc/${method}`, 'application/json', JSON.stringify(input))) as RpcOutput<M>;
  }

  async putBlob(bytes: Uint8Array): Promise<{ sha256: string; sizeBytes: number }> {
    // Copy into a plain ArrayBuffer: fetch's BodyInit does not take a Buffer-backed view.
    const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    return (await this.post('/blobs', 'application/octet-stream', body)) as { sha256: string; sizeBytes: number };
  }

  /** Uploads the files, imports them into the first data room and waits for the job to finish. */
  async importFiles(files: { name: string; bytes: Uint8Array }[], timeoutMs = 300_000): Promise<SourceSummary[]> {
    const uploaded = [];
    for (const file of files) uploaded.push({ name: file.name, blobSha256: (await this.putBlob(file.bytes)).sha256 });
    const { dataRooms } = await this.call('dataRooms.list', {});
    const dataRoomId = dataRooms[0]?.id;
    const { jobId } = await this.call('sources.importFiles', { files: uploaded, ...(dataRoomId ? { dataRoomId } : {}) });
    const job = await this.waitForJob(jobId, timeoutMs);
    if (job.state !== 'succeeded') throw new Error(`The import ${job.state}: ${job.message}`);
    const { sources } = await this.call('sources.list', dataRoomId ? { dataRoomId } : {});
    const names = new Set(files.map((f) => f.name));
    return sources.filter((s) => names.has(s.originalName));
  }

  async waitForJob(jobId: string, timeoutMs: number): Promise<Job> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { jobs } = await this.call('jobs.list', { limit: 50 });
      const job = jobs.find((j) => j.id === jobId);
      if (job && ['succeeded', 'failed', 'cancelled'].includes(job.state)) return job;
      if (Date.now() > deadline) throw new Error(`Job ${jobId} did not finish within ${timeoutMs} ms (${job?.message ?? 'not listed'}).`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private async post(path: string, contentType: string, body: string | ArrayBuffer): Promise<unknown> {
    const response = await fetch(`${this.origin}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': contentType }, body });
    const parsed: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(parsed)}`);
    return parsed;
  }
}

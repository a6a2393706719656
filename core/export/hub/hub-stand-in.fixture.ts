import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A file as a branch of the stand-in holds it: its bytes, and its LFS oid when it was committed as an LFS pointer. */
export interface StoredFile {
  bytes: Buffer;
  lfsOid?: string;
}

interface StoredRepo {
  private: boolean;
  branches: Map<string, Map<string, StoredFile>>;
}

/**
 * The `.gitattributes` the Hub writes into a new dataset repository (its first lines): the
 * patterns it stores through LFS whatever their content.
 */
const NEW_REPO_GITATTRIBUTES = ['*.arrow filter=lfs diff=lfs merge=lfs -text', '*.parquet filter=lfs diff=lfs merge=lfs -text', '*.zip filter=lfs diff=lfs merge=lfs -text', ''].join('\n');
/** Above this size the Hub asks for LFS whatever the file is. */
const LFS_ABOVE_BYTES = 10 * 1024 * 1024;

/**
 * A local Hugging Face Hub stand-in: a real HTTP server on 127.0.0.1 answering the requests
 * `@huggingface/hub` makes for a push, in the Hub's wire format (repo creation, branch creation,
 * `resolve` of a file, `preupload`, the LFS batch API with the `basic` transfer, the LFS object
 * PUT, the NDJSON commit). It answers the batch with `transfer: "basic"`, as the Hub does for a
 * repository without Xet, so the library PUTs each object whole. It decides LFS as the Hub does
 * (the repository's `.gitattributes`, binary content, size) and refuses a commit naming an LFS
 * object it does not hold. Tests read what arrived: `file()`, `lfsPuts`, `requests`.
 */
export class HubStandIn {
  readonly token: string;
  readonly repos = new Map<string, StoredRepo>();
  /** LFS objects held, by oid. */
  readonly lfsObjects = new Map<string, Buffer>();
  /** How many PUTs each LFS oid received (finished or not). */
  readonly lfsPuts = new Map<string, number>();
  /** Every request as `METHOD /path`, in order. */
  readonly requests: string[] = [];
  commits = 0;
  /** PUTs held unanswered once this many LFS objects are stored (`holdLfsAfter`). */
  held = 0;
  #holdAfter = Infinity;
  #commitDelayMs = 0;
  #server = createServer((req, res) => void this.#answer(req, res).catch((error: unknown) => reply(res, 500, { error: String(error) })));
  url = '';

  /** A token the stand-in knows but that may only read (the Hub answers 403 to its writes). */
  readonly readOnlyToken: string;

  constructor(token = 'hf_standInToken000000000000000000000', readOnlyToken = 'hf_standInReadOnlyToken00000000000000') {
    this.token = token;
    this.readOnlyToken = readOnlyToken;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** From now on, once `stored` LFS objects are held, every further LFS PUT is received but never answered (a push to kill mid-upload). */
  holdLfsAfter(stored: number): void {
    this.#holdAfter = stored;
  }

  /** Answers each commit this long after it arrived, as a busy Hub does: a pusher's progress between the last upload and the commit can then be seen. */
  delayCommits(ms: number): void {
    this.#commitDelayMs = ms;
  }

  file(repo: string, path: string, branch = 'main'): StoredFile | undefined {
    return this.repos.get(repo)?.branches.get(branch)?.get(path);
  }

  /** A commit made on the Hub's website (someone editing the card there). */
  editFile(repo: string, path: string, text: string, branch = 'main'): void {
    const files = this.repos.get(repo)?.branches.get(branch);
    if (!files) throw new Error(`No branch ${branch} of ${repo} on the stand-in.`);
    files.set(path, { bytes: Buffer.from(text) });
    this.commits += 1;
  }

  async #answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const path = decodeURIComponent(url.pathname);
    this.requests.push(`${req.method} ${path}`);
    const lfsPut = /^\/lfs-objects\/([0-9a-f]{64})$/.exec(path);
    // The storage URL the batch hands out is pre-signed: no Authorization header on it, as on S3.
    if (req.method === 'PUT' && lfsPut) return this.#putLfsObject(lfsPut[1] ?? '', req, res);
    if (req.headers.authorization === `Bearer ${this.readOnlyToken}` && req.method !== 'GET') {
      return reply(res, 403, { error: 'You don\'t have the rights to create a dataset under the namespace' });
    }
    if (req.headers.authorization !== `Bearer ${this.token}`) return reply(res, 401, { error: 'Invalid credentials in Authorization header' });
    const body = await readBody(req);
    if (req.method === 'POST' && path === '/api/repos/create') return this.#createRepo(JSON.parse(body.toString('utf8')) as { name: string; organization: string; type: string; visibility?: string }, res);
    let m = /^\/api\/datasets\/([^/]+\/[^/]+)\/branch\/(.+)$/.exec(path);
    if (req.method === 'POST' && m) return this.#createBranch(m[1] ?? '', m[2] ?? '', res);
    m = /^\/datasets\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(path);
    if (req.method === 'GET' && m) return this.#resolve(m[1] ?? '', m[2] ?? '', m[3] ?? '', req, res);
    m = /^\/api\/datasets\/([^/]+\/[^/]+)\/preupload\/(.+)$/.exec(path);
    if (req.method === 'POST' && m) return this.#preupload(m[1] ?? '', m[2] ?? '', JSON.parse(body.toString('utf8')) as PreuploadRequest, res);
    m = /^\/datasets\/([^/]+\/[^/]+)\.git\/info\/lfs\/objects\/batch$/.exec(path);
    if (req.method === 'POST' && m) return this.#batch(m[1] ?? '', JSON.parse(body.toString('utf8')) as BatchRequest, res);
    m = /^\/api\/datasets\/([^/]+\/[^/]+)\/commit\/(.+)$/.exec(path);
    if (req.method === 'POST' && m) {
      if (this.#commitDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.#commitDelayMs));
      return this.#commit(m[1] ?? '', m[2] ?? '', body.toString('utf8'), res);
    }
    reply(res, 404, { error: `The stand-in does not answer ${req.method} ${path}` });
  }

  #createRepo(input: { name: string; organization: string; type: string; visibility?: string }, res: ServerResponse): void {
    const id = `${input.organization}/${input.name}`;
    if (input.type !== 'dataset') return reply(res, 400, { error: `The stand-in holds datasets only, not ${input.type}` });
    if (this.repos.has(id)) return reply(res, 409, { error: 'You already created this dataset repo', url: `${this.url}/datasets/${id}` });
    this.repos.set(id, { private: input.visibility === 'private', branches: new Map([['main', new Map([['.gitattributes', { bytes: Buffer.from(NEW_REPO_GITATTRIBUTES) }]])]]) });
    reply(res, 200, { url: `${this.url}/datasets/${id}`, name: id, id: `stand-in-${this.repos.size}` });
  }

  #createBranch(repo: string, branch: string, res: ServerResponse): void {
    const branches = this.repos.get(repo)?.branches;
    if (!branches) return reply(res, 404, { error: 'Repository not found' }, { 'X-Error-Code': 'RepoNotFound' });
    if (branches.has(branch)) return reply(res, 409, { error: `Reference already exists: refs/heads/${branch}` });
    branches.set(branch, new Map(branches.get('main')));
    reply(res, 200, {});
  }

  #resolve(repo: string, revision: string, path: string, req: IncomingMessage, res: ServerResponse): void {
    const stored = this.repos.get(repo);
    if (!stored) return reply(res, 404, { error: 'Repository not found' }, { 'X-Error-Code': 'RepoNotFound' });
    const files = stored.branches.get(revision);
    if (!files) return reply(res, 404, { error: 'Invalid rev id' }, { 'X-Error-Code': 'RevisionNotFound' });
    const file = files.get(path);
    if (!file) return reply(res, 404, { error: 'Entry not found' }, { 'X-Error-Code': 'EntryNotFound' });
    const etag = `"${createHash('sha1').update(file.bytes).digest('hex')}"`;
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), file.bytes.length - 1);
      res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${file.bytes.length}`, ETag: etag, 'Content-Type': 'application/octet-stream' });
      res.end(file.bytes.subarray(start, end + 1));
      return;
    }
    res.writeHead(200, { ETag: etag, 'Content-Type': 'application/octet-stream', 'Content-Length': file.bytes.length });
    res.end(file.bytes);
  }

  #preupload(repo: string, revision: string, input: PreuploadRequest, res: ServerResponse): void {
    const files = this.repos.get(repo)?.branches.get(revision);
    if (!files) return reply(res, 404, { error: 'Invalid rev id' }, { 'X-Error-Code': 'RevisionNotFound' });
    const attributes = input.gitAttributes ?? files.get('.gitattributes')?.bytes.toString('utf8') ?? '';
    const lfsPatterns = attributes.split('\n').filter((line) => line.includes('filter=lfs')).map((line) => line.split(/\s+/)[0] ?? '');
    reply(res, 200, {
      files: input.files.map((file) => {
        const binary = Buffer.from(file.sample, 'base64').includes(0);
        const lfs = binary || file.size > LFS_ABOVE_BYTES || lfsPatterns.some((pattern) => matchesPattern(file.path, pattern));
        return { path: file.path, uploadMode: lfs ? 'lfs' : 'regular', shouldIgnore: false };
      }),
      commitOid: `${this.commits}`.padStart(40, '0'),
    });
  }

  #batch(repo: string, input: BatchRequest, res: ServerResponse): void {
    if (!this.repos.has(repo)) return reply(res, 404, { message: 'Repository not found' });
    res.writeHead(200, { 'Content-Type': 'application/vnd.git-lfs+json', 'X-Request-Id': `batch-${this.requests.length}` });
    res.end(
      JSON.stringify({
        transfer: 'basic',
        objects: input.objects.map(({ oid, size }) =>
          this.lfsObjects.get(oid)?.length === size
            ? { oid, size }
            : { oid, size, authenticated: true, actions: { upload: { href: `${this.url}/lfs-objects/${oid}`, expires_in: 86400 } } },
        ),
      }),
    );
  }

  async #putLfsObject(oid: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.lfsPuts.set(oid, (this.lfsPuts.get(oid) ?? 0) + 1);
    const bytes = await readBody(req);
    if (this.lfsObjects.size >= this.#holdAfter) {
      this.held += 1;
      return;
    }
    if (createHash('sha256').update(bytes).digest('hex') !== oid) return reply(res, 400, { message: 'The object does not hash to its oid' });
    this.lfsObjects.set(oid, bytes);
    res.writeHead(200, { ETag: `"${oid}"` });
    res.end();
  }

  #commit(repo: string, revision: string, ndjson: string, res: ServerResponse): void {
    const files = this.repos.get(repo)?.branches.get(revision);
    if (!files) return reply(res, 404, { error: 'Invalid rev id' }, { 'X-Error-Code': 'RevisionNotFound' });
    const lines = ndjson.split('\n').filter(Boolean).map((line) => JSON.parse(line) as CommitLine);
    const next = new Map(files);
    for (const line of lines) {
      if (line.key === 'file') next.set(line.value.path, { bytes: Buffer.from(line.value.content, 'base64') });
      else if (line.key === 'deletedFile') next.delete(line.value.path);
      else if (line.key === 'lfsFile') {
        const object = this.lfsObjects.get(line.value.oid);
        if (!object || object.length !== line.value.size) {
          return reply(res, 422, { error: `Your push was rejected because an LFS pointer pointed to a file that does not exist: ${line.value.path}` });
        }
        next.set(line.value.path, { bytes: object, lfsOid: line.value.oid });
      }
    }
    this.repos.get(repo)?.branches.set(revision, next);
    this.commits += 1;
    const commitOid = createHash('sha1').update(`${this.commits}`).digest('hex');
    reply(res, 200, { success: true, commitOid, commitUrl: `${this.url}/datasets/${repo}/commit/${commitOid}`, hookOutput: '' });
  }
}

interface PreuploadRequest {
  gitAttributes?: string;
  files: { path: string; size: number; sample: string }[];
}
interface BatchRequest {
  objects: { oid: string; size: number }[];
}
type CommitLine =
  | { key: 'header'; value: { summary: string } }
  | { key: 'file'; value: { path: string; content: string } }
  | { key: 'deletedFile'; value: { path: string } }
  | { key: 'lfsFile'; value: { path: string; oid: string; size: number } };

/** `*.parquet` matches the file name in any folder, as a `.gitattributes` pattern without a slash does. */
function matchesPattern(path: string, pattern: string): boolean {
  const name = pattern.includes('/') ? path : (path.split('/').pop() ?? path);
  return new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(name);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

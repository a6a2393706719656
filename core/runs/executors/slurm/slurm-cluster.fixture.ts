import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, hostname, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A real single-node Slurm cluster for the tests: a MUNGE key, a generated slurm.conf with this
 * machine's hostname, CPUs and memory, then munged, slurmctld and slurmd, all as root, all in a
 * temp folder of their own (their own ports and MUNGE socket, so nothing of the machine's is
 * touched). `SLURM_CONF` is set for this process, so sbatch/squeue/scancel reach it.
 */
export interface TestCluster {
  dir: string;
  conf: string;
  partition: string;
  /** Slurm's own record of every job that ended (jobcomp/filetxt): job name per line. */
  jobCompLog: string;
  stopController(): Promise<void>;
  startController(): Promise<void>;
  /** The node fails (set DOWN, which kills its jobs: NODE_FAIL) and comes back. */
  failNode(): Promise<void>;
  stop(): Promise<void>;
}

const BINARIES = ['munged', 'slurmctld', 'slurmd', 'sbatch', 'squeue', 'scontrol', 'scancel'];

/** Why the cluster cannot be started here, or undefined when it can. */
export function clusterUnavailableReason(): string | undefined {
  if (process.getuid?.() !== 0) return 'the Slurm tests start a real cluster, which needs root';
  const missing = BINARIES.filter((name) => spawnSync('sh', ['-c', `command -v ${name} || test -x /usr/sbin/${name}`]).status !== 0);
  if (missing.length > 0) return `Slurm or MUNGE is not installed (missing ${missing.join(', ')}; apt-get install -y slurm-wlm munge)`;
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

const sbin = (name: string) => (existsSync(`/usr/sbin/${name}`) ? `/usr/sbin/${name}` : name);

export async function startTestCluster(): Promise<TestCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-slurm-'));
  chmodSync(dir, 0o755);
  for (const sub of ['state', 'spool', 'munge']) mkdirSync(join(dir, sub), { recursive: true });
  chmodSync(join(dir, 'munge'), 0o700);
  const key = join(dir, 'munge', 'munge.key');
  writeFileSync(key, randomBytes(1024), { mode: 0o400 });
  const socket = join(dir, 'munge', 'sock');
  const host = hostname().split('.')[0]!;
  const [ctldPort, slurmdPort] = [await freePort(), await freePort()];
  const memoryMb = Math.floor(totalmem() / 1048576) - 256;
  const conf = join(dir, 'slurm.conf');
  const jobCompLog = join(dir, 'jobcomp.log');
  writeFileSync(
    conf,
    [
      'ClusterName=lhbtest',
      `SlurmctldHost=${host}(127.0.0.1)`,
      'SlurmUser=root',
      'SlurmdUser=root',
      'AuthType=auth/munge',
      'CredType=cred/munge',
      `AuthInfo=socket=${socket}`,
      `StateSaveLocation=${join(dir, 'state')}`,
      `SlurmdSpoolDir=${join(dir, 'spool')}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      `SlurmctldLogFile=${join(dir, 'slurmctld.log')}`,
      `SlurmdLogFile=${join(dir, 'slurmd.log')}`,
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${slurmdPort}`,
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'SchedulerType=sched/builtin',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_CPU',
      'JobCompType=jobcomp/filetxt',
      `JobCompLoc=${jobCompLog}`,
      'AccountingStorageType=accounting_storage/none',
      'JobAcctGatherType=jobacct_gather/none',
      'MpiDefault=none',
      'ReturnToService=2',
      'KillWait=3',
      'MinJobAge=600',
      'SlurmctldTimeout=10',
      'MessageTimeout=5',
      'SlurmctldParameters=enable_configless',
      `NodeName=${host} NodeAddr=127.0.0.1 CPUs=${Math.max(1, cpus().length)} RealMemory=${memoryMb} State=UNKNOWN`,
      `PartitionName=lhb Nodes=${host} Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4`,
      '',
    ].join('\n'),
  );
  process.env.SLURM_CONF = conf;

  const children: { name: string; child: ChildProcess }[] = [];
  const launch = (name: string, args: string[]) => {
    const child = spawn(sbin(name), args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, SLURM_CONF: conf } });
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
    child.on('exit', (code) => {
      if (code && code !== 0 && !stopping) process.stderr.write(`[test cluster] ${name} exited ${code}: ${err}\n`);
    });
    const entry = { name, child };
    children.push(entry);
    return entry;
  };
  let stopping = false;
  let controller: { name: string; child: ChildProcess } | undefined;

  launch('munged', ['-F', '--force', `--key-file=${key}`, `--socket=${socket}`, `--pid-file=${join(dir, 'munge', 'pid')}`, `--log-file=${join(dir, 'munge', 'log')}`, `--seed-file=${join(dir, 'munge', 'seed')}`]);
  await waitFor(() => existsSync(socket), 10_000, 'munged');
  const startController = async () => {
    controller = launch('slurmctld', ['-D', '-i', '-f', conf]);
    await waitFor(() => spawnSync('scontrol', ['ping'], { env: process.env, encoding: 'utf8' }).stdout.includes('UP'), 20_000, 'slurmctld');
  };
  await startController();
  launch('slurmd', ['-D', '-f', conf]);
  await waitFor(() => /State=IDLE|State=MIX/.test(spawnSync('scontrol', ['show', 'node', host], { env: process.env, encoding: 'utf8' }).stdout), 30_000, 'slurmd (node idle)');

  const kill = async (entry: { child: ChildProcess }) => {
    if (entry.child.exitCode !== null || entry.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => entry.child.once('exit', () => resolve()));
    entry.child.kill('SIGTERM');
    const timer = setTimeout(() => entry.child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return {
    dir,
    conf,
    partition: 'lhb',
    jobCompLog,
    async stopController() {
      stopping = true;
      if (controller) await kill(controller);
      stopping = false;
    },
    startController,
    async failNode() {
      const scontrol = (...args: string[]) => spawnSync('scontrol', args, { env: process.env, encoding: 'utf8' });
      // slurmctld has set the node DOWN (and killed its jobs) when the update returns. The DOWN state
      // itself may last only milliseconds (ReturnToService=2 brings a responding node straight
      // back), too short to be seen by polling on a loaded machine, so it is not waited for.
      const down = scontrol('update', `nodename=${host}`, 'state=down', 'reason=lhb-test-node-failure');
      if (down.status !== 0) throw new Error(`scontrol could not set the test node down: ${down.stderr}`);
      scontrol('update', `nodename=${host}`, 'state=resume');
      await waitFor(() => /State=(IDLE|MIX|ALLOC)/.test(scontrol('show', 'node', host).stdout), 20_000, 'node to come back');
    },
    async stop() {
      stopping = true;
      // A test that failed may leave jobs running: cancel them and let slurmd stop their steps first.
      spawnSync('scancel', ['--full', '--me'], { env: process.env });
      const end = Date.now() + 15_000;
      while (Date.now() < end && spawnSync('squeue', ['--noheader', '--me'], { env: process.env, encoding: 'utf8' }).stdout.trim() !== '') {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      for (const entry of [...children].reverse()) await kill(entry);
      if (process.env.SLURM_CONF === conf) delete process.env.SLURM_CONF;
      rmSync(dir, { recursive: true, force: true });
    },
  };

  async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > end) {
        const logs = ['slurmctld.log', 'slurmd.log', 'munge/log'].map((f) => (existsSync(join(dir, f)) ? `${f}: ${readFileSync(join(dir, f), 'utf8').slice(-1500)}` : '')).join('\n');
        throw new Error(`The test cluster's ${what} did not come up within ${timeoutMs / 1000} s.\n${logs}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

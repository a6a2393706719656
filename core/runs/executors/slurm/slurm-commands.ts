import { spawn } from 'node:child_process';
import { shellCommandLine } from '../../../shell-quote.ts';
import { ExecutorUnreachableError } from '../run-executor.ts';

/** A Slurm command that ran and refused (a bad partition, an unknown job): its own words. */
export class SlurmCommandError extends Error {
  override name = 'SlurmCommandError';
}

export interface SlurmCommandResult {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Runs Slurm's commands here (the app on a login node) or on a login node through the system `ssh`. */
export class SlurmShell {
  readonly sshHost: string | undefined;
  readonly #timeoutMs: number;

  constructor(options: { sshHost?: string; timeoutMs?: number }) {
    this.sshHost = options.sshHost;
    this.#timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** Where the commands run, in words: `this machine` or `login.example.org (over ssh)`. */
  get where(): string {
    return this.sshHost ? `${this.sshHost} (over ssh)` : 'this machine';
  }

  /** Runs one command; a failure to reach the controller (or the ssh host) is an ExecutorUnreachableError. */
  async run(args: readonly string[]): Promise<SlurmCommandResult> {
    const [command, commandArgs] = this.sshHost ? ['ssh', ['-o', 'BatchMode=yes', '-o', 'ConnectTimeout=15', this.sshHost, '--', shellCommandLine(args)]] : [args[0]!, args.slice(1)];
    const result = await new Promise<SlurmCommandResult & { spawnError?: string }>((resolve) => {
      const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-8000)));
      const timer = setTimeout(() => child.kill('SIGKILL'), this.#timeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        resolve({ stdout, stderr, code: null, spawnError: error.message });
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ stdout, stderr, code });
      });
    });
    const shown = `\`${args.join(' ')}\` on ${this.where}`;
    if (result.spawnError) {
      throw new ExecutorUnreachableError(
        `The Slurm cluster cannot be reached: ${shown} could not start (${result.spawnError}). ${this.sshHost ? 'Is ssh installed?' : 'Are the Slurm client commands (sbatch, squeue) on PATH here, or should the app reach a login node with --slurm-ssh HOST?'} The study's runs are kept; resume it once the cluster is reachable.`,
      );
    }
    if (result.code !== 0 && isUnreachable(result, this.sshHost !== undefined)) {
      throw new ExecutorUnreachableError(
        `The Slurm cluster is unreachable: ${shown} failed: ${lastLine(result.stderr) || `exit ${result.code ?? 'killed after ' + this.#timeoutMs / 1000 + ' s'}`}. Jobs already submitted keep running on the cluster; the study's runs are kept. Resume the study once slurmctld answers again.`,
      );
    }
    return result;
  }

  /** Runs a command that must succeed; its refusal is a SlurmCommandError quoting Slurm. */
  async check(args: readonly string[]): Promise<string> {
    const result = await this.run(args);
    if (result.code !== 0) throw new SlurmCommandError(`\`${args.join(' ')}\` on ${this.where} failed: ${lastLine(result.stderr) || `exit ${result.code}`}`);
    return result.stdout;
  }
}

const UNREACHABLE = /unable to contact slurm controller|connect failure|connection refused|socket timed out|slurm_receive_msg|Zero Bytes were transmitted|communication connection failure|Unable to establish controller/i;

function isUnreachable(result: SlurmCommandResult, overSsh: boolean): boolean {
  if (result.code === null) return true; // killed at the time limit: nothing answered
  if (overSsh && result.code === 255) return true; // ssh's own failure (host down, refused, auth)
  return UNREACHABLE.test(result.stderr);
}

function lastLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .at(-1) ?? ''
  ).slice(0, 500);
}

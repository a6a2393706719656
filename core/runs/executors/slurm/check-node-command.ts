import type { StudySlurm } from '../../../../schemas/studies.ts';
import { shellQuote } from '../../../shell-quote.ts';
import { SlurmShell } from './slurm-commands.ts';

/** The command a study's batch jobs start lhb with (`lhbCommand`, default `lhb`). */
export const nodeLhbCommand = (slurm: StudySlurm): string => slurm.lhbCommand ?? 'lhb';

/**
 * Refuses a Slurm study whose jobs would fail at once with "exec: lhb: not found": the program its
 * job scripts start is looked up where sbatch runs (this machine, or the ssh host), with the PATH
 * sbatch hands the jobs, before any job is queued. Returns why, or null when it is there.
 */
export async function missingNodeCommand(slurm: StudySlurm, shell = new SlurmShell(slurm.sshHost ? { sshHost: slurm.sshHost } : {})): Promise<string | null> {
  const command = nodeLhbCommand(slurm);
  const program = command.trim().split(/\s+/)[0] ?? '';
  const result = await shell.run(['sh', '-c', `command -v ${shellQuote(program)}`]);
  if (result.code === 0 && result.stdout.trim() !== '') return null;
  return (
    `The Slurm jobs would run "${command} runs exec …", but "${program}" is not a command on ${shell.where}, so every job would fail with "${program}: not found". ` +
    'Put this repository\'s bin/ on PATH there (export PATH=/path/to/lhb/bin:$PATH, also in ~/.bashrc so jobs see it), or give slurm.lhbCommand as the full path of bin/lhb. No job was queued.'
  );
}

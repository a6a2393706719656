import type { StudyConfiguration, StudySpec } from '../../../schemas/studies.ts';
import { StudySpecError } from './study-spec-error.ts';

/** A configuration as a person reads it in a message: its place in the file and what it runs. */
export function describeConfiguration(configuration: StudyConfiguration, index: number): string {
  return `configurations.${index} (${configuration.harness}, ${configuration.model})`;
}

/**
 * Refuses a study (before anything runs) whose configurations' API key variables are not set
 * here: a harness started without its key fails every run as "not logged in". Each configuration
 * is checked, so one message names every variable to set. A scripted study needs no key.
 */
export function checkStudyKeys(spec: StudySpec, env: NodeJS.ProcessEnv = process.env): void {
  if (spec.replay) return;
  const problems: string[] = [];
  let first: number | undefined;
  for (const [index, configuration] of spec.configurations.entries()) {
    const name = configuration.apiKeyEnv;
    if (name === undefined || (env[name] ?? '') !== '') continue;
    first ??= index;
    problems.push(`${describeConfiguration(configuration, index)}: its API key variable ${name} is ${env[name] === undefined ? 'not set' : 'empty'} in this environment`);
  }
  if (problems.length === 0) return;
  throw new StudySpecError(
    `${problems.join('; ')}. Set ${problems.length === 1 ? 'it' : 'each'} before starting (export NAME=your-key), or name the variable that holds the key with apiKeyEnv in the configuration (--api-key-env). Nothing was run.`,
    { field: `configurations.${first}.apiKeyEnv` },
  );
}

/**
 * What to do about a run its harness refused for authentication, added to what the harness said:
 * which variable its key came from (the harness's own words name its own variable, or /login,
 * which a study never uses) and how to set it. Said in words both the CLI and the Runs screen
 * use: each says how to retry there (the CLI prints the command under the study, the screen has
 * Retry run and Retry failed runs).
 */
export function authFailureAdvice(configuration: StudyConfiguration, index: number): string {
  const where = configuration.endpoint ? ` for ${configuration.endpoint}` : '';
  // A study keeps its configurations (a resumed or retried run runs the same one): another variable is a new study.
  if (!configuration.apiKeyEnv) return ` ${describeConfiguration(configuration, index)} gave it no API key: start a new study whose configuration names the variable that holds one as its key variable (apiKeyEnv in a study file).`;
  return ` ${describeConfiguration(configuration, index)} gave it the key in ${configuration.apiKeyEnv}; set that to a valid key${where} where the study runs (export ${configuration.apiKeyEnv}=your-key), then retry the run. To use another variable, start a new study that names it with apiKeyEnv.`;
}

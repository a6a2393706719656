import type { HarnessStatus } from '../../schemas/studies.ts';
import { describedBy, FieldProblem } from '../ui/FieldProblem.tsx';
import { useNewStudyStore } from './new-study-store.ts';
import { armsOf, harnessAvailable, installedVersionWords, type ConfigurationRow, type StudyFormField } from './study-form.ts';

type TextField = 'model' | 'endpoint' | 'apiKeyEnv' | 'harnessVersion' | 'inputPrice' | 'outputPrice';

/** The study's configurations, one row each: a harness on its own provider, key variable, version and arms. */
export function ConfigurationsTable({ harnesses }: { harnesses: readonly HarnessStatus[] }) {
  const form = useNewStudyStore((s) => s.form);
  const errors = useNewStudyStore((s) => s.errors);
  const { edit, addConfiguration, removeConfiguration } = useNewStudyStore.getState();
  const skill = form.skillDir.trim() !== '';

  const text = (row: ConfigurationRow, index: number, field: TextField, label: string, placeholder?: string, problemField: StudyFormField = `config:${index}:${field === 'inputPrice' || field === 'outputPrice' ? 'price' : field}`) => {
    const problem = errors[problemField];
    return (
      <input
        type="text"
        aria-label={`${label}, configuration ${index + 1}`}
        value={row[field]}
        placeholder={placeholder}
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy(problem && `study-${problemField.replaceAll(':', '-')}-problem`)}
        onChange={(e) => edit((f) => void (f.configurations[index]![field] = e.target.value))}
      />
    );
  };
  const problems = (index: number) =>
    (['harness', 'model', 'command', 'endpoint', 'apiKeyEnv', 'harnessVersion', 'arms', 'price'] as const).map((field) => {
      const key: StudyFormField = `config:${index}:${field}`;
      return <FieldProblem key={field} id={`study-${key.replaceAll(':', '-')}-problem`} message={errors[key]} />;
    });

  return (
    <fieldset className="study-form__group" aria-describedby={describedBy(errors.configurations && 'study-configurations-problem')}>
      <legend>Configurations</legend>
      <FieldProblem id="study-configurations-problem" message={errors.configurations} />
      <table className="study-form__configurations">
        <caption className="visually-hidden">Configurations: each harness on its own provider</caption>
        <thead>
          <tr>
            <th scope="col">Harness</th>
            <th scope="col">Model</th>
            <th scope="col">Endpoint</th>
            <th scope="col">Key variable</th>
            <th scope="col">Harness version</th>
            <th scope="col">Arms</th>
            <th scope="col">Price $/M in · out</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {form.configurations.map((row, index) => {
            const status = harnesses.find((h) => h.id === row.harness);
            const arms = armsOf(row, form);
            return (
              <tr key={index}>
                <td>
                  <select
                    aria-label={`Harness, configuration ${index + 1}`}
                    value={row.harness}
                    aria-invalid={errors[`config:${index}:harness`] ? true : undefined}
                    onChange={(e) =>
                      edit((f) => {
                        const next = harnesses.find((h) => h.id === e.target.value);
                        if (!next) return;
                        const was = harnesses.find((h) => h.id === row.harness);
                        // A model left at the old harness's default follows the harness.
                        f.configurations[index] = { ...row, harness: next.id, model: row.model === was?.defaultModel || row.model === '' ? next.defaultModel : row.model };
                      })
                    }
                  >
                    {harnesses.map((h) => (
                      <option key={h.id} value={h.id}>
                        {h.displayName}
                        {harnessAvailable(h) ? '' : ' (not installed)'}
                      </option>
                    ))}
                  </select>
                  {status?.takesCommand && (
                    <textarea
                      aria-label={`Command (run with sh -c in each run’s folder), configuration ${index + 1}`}
                      value={row.command}
                      rows={2}
                      spellCheck={false}
                      aria-invalid={errors[`config:${index}:command`] ? true : undefined}
                      onChange={(e) => edit((f) => void (f.configurations[index]!.command = e.target.value))}
                    />
                  )}
                  {problems(index)}
                </td>
                <td>{text(row, index, 'model', 'Model')}</td>
                <td>{text(row, index, 'endpoint', 'Endpoint', 'its own provider')}</td>
                <td>{text(row, index, 'apiKeyEnv', 'Key variable', status?.keyEnv ?? undefined)}</td>
                <td>{text(row, index, 'harnessVersion', 'Harness version', installedVersionWords(status))}</td>
                <td>
                  {skill ? (
                    form.skillVersions.map((version) => (
                      <label key={version} className="runs-check">
                        <input
                          type="checkbox"
                          aria-label={`Arm ${version}, configuration ${index + 1}`}
                          checked={arms.includes(version)}
                          onChange={(e) =>
                            edit((f) => {
                              const chosen = form.skillVersions.filter((v) => (v === version ? e.target.checked : arms.includes(v)));
                              // Every version of the study is the default, written as no list at all.
                              f.configurations[index]!.arms = chosen.length === form.skillVersions.length ? null : chosen;
                            })
                          }
                        />
                        {version}
                      </label>
                    ))
                  ) : (
                    <span className="muted">no skill</span>
                  )}
                </td>
                <td className="study-form__price">
                  {text(row, index, 'inputPrice', 'Input price')}
                  {text(row, index, 'outputPrice', 'Output price')}
                </td>
                <td>
                  <button type="button" aria-label={`Remove configuration ${index + 1}`} onClick={() => removeConfiguration(index)}>
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" onClick={addConfiguration} disabled={harnesses.length === 0}>
        Add configuration
      </button>
    </fieldset>
  );
}

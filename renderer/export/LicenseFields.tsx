import type { ReactNode } from 'react';
import { HUB_LICENSES, HUB_LICENSES_PAGE } from '../../schemas/hub-licenses.ts';
import { useExportStore } from './export-store.ts';

/**
 * The card's license: a searchable input of the Hub's ids (a native combobox: type to filter,
 * arrows to choose), and for `other` the license's own name and an optional link. Each problem
 * shows beside its field (the screen focuses the first after a refused Export).
 */
export function LicenseFields({ disabled }: { disabled: boolean }) {
  const license = useExportStore((s) => s.license);
  const licenseName = useExportStore((s) => s.licenseName);
  const licenseLink = useExportStore((s) => s.licenseLink);
  const problems = useExportStore((s) => s.licenseProblems);
  const { setLicense, setLicenseName, setLicenseLink } = useExportStore.getState();
  const isOther = license.trim().toLowerCase() === 'other';

  return (
    <fieldset>
      <legend>License</legend>
      <Field id="export-license" label="License" hint={`One of the Hugging Face Hub's license ids (${HUB_LICENSES_PAGE}): type to search. unknown says none was chosen; other is a license not on the Hub's list.`} problem={problems.license}>
        {(aria) => (
          <>
            <input {...aria} type="text" list="export-hub-licenses" value={license} onChange={(e) => setLicense(e.target.value)} autoComplete="off" spellCheck={false} disabled={disabled} />
            <datalist id="export-hub-licenses">
              {HUB_LICENSES.map((entry) => (
                <option key={entry.id} value={entry.id} label={entry.name} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      {isOther && (
        <>
          <Field id="export-license-name" label="License name" hint="The license's own id: short, lowercase and without spaces, like my-license-1.0." problem={problems.licenseName}>
            {(aria) => <input {...aria} type="text" value={licenseName} onChange={(e) => setLicenseName(e.target.value)} autoComplete="off" spellCheck={false} disabled={disabled} />}
          </Field>
          <Field
            id="export-license-link"
            label="License link (optional)"
            hint="Where its text is: a web address, or LICENSE or LICENSE.md in the dataset's repository (the export does not write that file)."
            problem={problems.licenseLink}
          >
            {(aria) => <input {...aria} type="text" value={licenseLink} onChange={(e) => setLicenseLink(e.target.value)} autoComplete="off" spellCheck={false} disabled={disabled} />}
          </Field>
        </>
      )}
    </fieldset>
  );
}

interface FieldAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
}

/** A labelled input with its hint, and its problem right below it, both read as its description. */
export function Field({ id, label, hint, problem, children }: { id: string; label: string; hint: string; problem: string | undefined; children: (aria: FieldAria) => ReactNode }) {
  return (
    <div className="export-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? `${id}-problem ${id}-hint` : `${id}-hint` })}
      {problem && (
        <span id={`${id}-problem`} className="export-field__problem">
          {problem}
        </span>
      )}
      <span id={`${id}-hint`} className="export-field__hint">
        {hint}
      </span>
    </div>
  );
}

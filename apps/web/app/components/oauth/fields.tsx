// Inputs of the OAuth client forms that components/forms.tsx does not have: a labelled text area
// (redirect URIs, one per line), and the secret shown once.
import { CopyField } from '../copy-field';
import { FieldShell, describedBy } from '../field-shell';

/** A labelled text area with its hint and error (FieldShell). */
export function TextArea({ id, name, label, hint, error, defaultValue, optional }: { id: string; name: string; label: string; hint?: string; error?: string; defaultValue?: string; optional?: boolean }) {
  return (
    <FieldShell id={id} label={optional ? `${label} (optional)` : label} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        rows={3}
        defaultValue={defaultValue}
        spellCheck={false}
        autoCapitalize="none"
        aria-invalid={error ? true : undefined}
        aria-required={optional ? undefined : true}
        aria-describedby={describedBy({ id, hint, error })}
      />
    </FieldShell>
  );
}

/** A client's id and its secret, shown this once (after create or rotate), each with a Copy button once scripts run. */
export function ClientCredentials({ title, clientId, secret }: { title: string; clientId: string; secret?: string }) {
  return (
    <div className="notice notice--success oauth-secret">
      <p className="notice__title">{title}</p>
      <CopyField id="new-client-id" label="Client ID" value={clientId} />
      {secret ? (
        <>
          <CopyField id="new-client-secret" label="Client secret" value={secret} />
          <p className="oauth-secret__note">
            Copy the secret now and keep it somewhere safe: <strong>it won’t be shown again.</strong> If you lose it, rotate it to get a new one.
          </p>
        </>
      ) : (
        <p>This is a public client: it has no secret, and proves itself with PKCE instead.</p>
      )}
    </div>
  );
}

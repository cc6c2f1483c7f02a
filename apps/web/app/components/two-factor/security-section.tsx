// The Security page's "Two-factor authentication" section: its state, turning it on with an
// authenticator app (password, QR code and setup key, first code), backup codes, turning it off.
// Each step that asks the password shows alone, so each form has one Password and one Continue.
import { Form, Link } from '@remix-run/react';
import type { TwoFactorResult, TwoFactorSection as Section } from '../../lib/two-factor.server';
import { Field, FormAlert, Notice, SubmitButton } from '../forms';
import { BackupCodes } from './backup-codes';

/** A button that opens one of the password steps (a GET form: it works without JavaScript). */
function StepButton({ step, children, variant = 'secondary' }: { step: string; children: string; variant?: 'primary' | 'secondary' | 'danger' }) {
  return (
    <Form method="get" className="two-factor__step">
      <input type="hidden" name="two-factor" value={step} />
      <button type="submit" className={`button button--${variant}`}>
        {children}
      </button>
    </Form>
  );
}

function PasswordStep({ intent, title, text, errors }: { intent: string; title: string; text: string; errors?: TwoFactorResult['errors'] }) {
  return (
    <Form method="post" className="form" aria-label={title}>
      <p>{text}</p>
      <FormAlert errors={errors} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" autoFocus error={errors?.fields.password} />
      <div className="two-factor__actions">
        <SubmitButton intent={intent} pendingText="Checking…">
          Continue
        </SubmitButton>
        <a href="?" className="button button--quiet">
          Cancel
        </a>
      </div>
    </Form>
  );
}

function Setup({ setup, errors }: { setup: NonNullable<TwoFactorResult['setup']>; errors?: TwoFactorResult['errors'] }) {
  return (
    <div className="two-factor__setup">
      <ol className="two-factor__how">
        <li>Open your authenticator app (for example Google Authenticator, 1Password or Authy) and add an account.</li>
        <li>Scan this QR code, or type the setup key.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img src={setup.qr} width={220} height={220} alt="QR code for your authenticator app" className="two-factor__qr" />
      <p>
        Setup key: <code className="two-factor__key">{setup.setupKey}</code>
      </p>
      <Form method="post" className="form">
        <input type="hidden" name="totpURI" value={setup.totpURI} />
        <input type="hidden" name="backupCodes" value={setup.backupCodes.join(' ')} />
        <FormAlert errors={errors} />
        <Field label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} autoFocus error={errors?.fields.code} />
        <div>
          <SubmitButton intent="two-factor-verify" pendingText="Checking…">
            Verify
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}

export function TwoFactorSection({ section, result }: { section: Section; result?: TwoFactorResult }) {
  const errors = result?.errors;
  const enabled = result?.done === 'enabled' ? true : result?.done === 'disabled' ? false : section.enabled;
  // An answer of the action decides what shows; else the step in the address.
  const setup = result?.setup && !result.done ? result.setup : null;
  const asking = result && errors && !setup ? stepOfIntent(result.intent) : result ? null : section.step;
  return (
    <section className="card two-factor" aria-labelledby="two-factor-title">
      <div className="card__header">
        <h2 id="two-factor-title">Two-factor authentication</h2>
        <p className="muted">A second step when you sign in: a code from an app on your phone, so a stolen password alone cannot open your account.</p>
      </div>
      <p className="two-factor__state">
        <strong>{enabled ? 'Two-factor authentication is on' : 'Two-factor authentication is off'}</strong>
      </p>
      {!enabled && !section.hasPassword ? (
        <p className="muted" id="two-factor-no-password">
          Turning it on asks for your password, and your account has none yet: you sign in with an emailed link or code, or another account.{' '}
          <Link to="/forgot-password">Set a password</Link> first (we email you a link).
        </p>
      ) : null}
      {result?.done === 'enabled' ? <Notice title="Two-factor authentication is on">From now on we ask for a code from your app when you sign in.</Notice> : null}
      {result?.done === 'disabled' ? <Notice title="Two-factor authentication is off">Signing in now needs only your password. We emailed you about this change.</Notice> : null}
      {errors && !setup && !asking ? <FormAlert errors={errors} /> : null}
      {result?.backupCodes?.length ? <BackupCodes codes={result.backupCodes} /> : null}
      {setup ? <Setup setup={setup} errors={errors} /> : null}
      {asking === 'enable' ? <PasswordStep intent="two-factor-enable" title="Turn on two-factor authentication" text="Enter your password to start." errors={errors} /> : null}
      {asking === 'disable' ? <PasswordStep intent="two-factor-disable" title="Turn off two-factor authentication" text="Enter your password to turn two-factor authentication off." errors={errors} /> : null}
      {asking === 'backup-codes' ? (
        <PasswordStep intent="two-factor-backup-codes" title="Generate new backup codes" text="Enter your password. Your old backup codes will stop working." errors={errors} />
      ) : null}
      {!setup && !asking ? (
        <div className="two-factor__actions">
          {enabled ? (
            <>
              <StepButton step="backup-codes">Generate new backup codes</StepButton>
              <StepButton step="disable" variant="danger">
                Turn off two-factor authentication
              </StepButton>
            </>
          ) : (
            <StepButton step="enable" variant="primary">
              Turn on two-factor authentication
            </StepButton>
          )}
        </div>
      ) : null}
    </section>
  );
}

function stepOfIntent(intent: TwoFactorResult['intent']): Section['step'] {
  if (intent === 'two-factor-enable') return 'enable';
  if (intent === 'two-factor-disable') return 'disable';
  if (intent === 'two-factor-backup-codes') return 'backup-codes';
  return null;
}

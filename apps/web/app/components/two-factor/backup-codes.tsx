// Backup codes shown once: a list to write down, a file to download, a button to copy.
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../forms';

export function BackupCodes({ codes }: { codes: string[] }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown once, after the button that asked for them went away: the focus comes here, not to the page.
  useEffect(() => heading.current?.focus(), [codes]);
  const file = `Tend backup codes\nEach code works once.\n\n${codes.join('\n')}\n`;
  return (
    <div className="two-factor__codes">
      <h3 id="backup-codes-title" tabIndex={-1} ref={heading}>
        Your backup codes
      </h3>
      <p className="muted">
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: this is the only time we show them.
      </p>
      <ul aria-labelledby="backup-codes-title" className="two-factor__code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="two-factor__actions">
        <a className="button button--secondary" download="tend-backup-codes.txt" href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}>
          Download backup codes
        </a>
        {hydrated ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true));
            }}
          >
            Copy backup codes
          </button>
        ) : null}
        <p role="status" className="muted">
          {copied ? 'Backup codes copied.' : ''}
        </p>
      </div>
    </div>
  );
}

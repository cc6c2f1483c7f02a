// A value to copy somewhere else (a DNS record's name or value): a read-only field anyone can
// select, and a Copy button once scripts run, whose result is announced politely.
import { useRef, useState } from 'react';
import { useHydrated } from './forms';

export function CopyField({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard access (an insecure page, a refused permission): select it for Ctrl+C.
      input.current?.focus();
      input.current?.select();
      setCopied('no');
    }
  }

  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      <div className="copy-field__row">
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={value}
          className="copy-field__value"
          spellCheck={false}
          autoComplete="off"
          aria-describedby={hint ? `${id}-hint` : undefined}
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button type="button" className="button button--secondary" onClick={copy}>
            Copy<span className="visually-hidden"> {label}</span>
          </button>
        ) : null}
      </div>
      <p className="copy-field__copied" aria-live="polite">
        {copied === 'yes' ? 'Copied to your clipboard.' : copied === 'no' ? "We couldn't copy it for you. It's selected: press Ctrl+C (or ⌘C) to copy it." : ''}
      </p>
    </div>
  );
}

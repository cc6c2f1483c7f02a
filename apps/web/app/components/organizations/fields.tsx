// Inputs of the organization pages. Like components/forms.tsx's Field (label, hint, error tied by
// aria-describedby), with an explicit id: one page holds several forms with the same field names.
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { FieldShell, describedBy, type Described } from '../field-shell';
import { useHydrated } from '../forms';
import { ROLES, roleLabel, slugify, SLUG_MAX } from './model';

interface TextFieldProps extends Described {
  name: string;
  type?: 'text' | 'email';
  defaultValue?: string;
  autoComplete?: string;
  className?: string;
  spellCheck?: boolean;
}

/** A labelled text or email input. */
export function TextField(props: TextFieldProps) {
  const { id, name, type = 'text', defaultValue, autoComplete, error, className, spellCheck } = props;
  return (
    <FieldShell {...props} className={className}>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete ?? 'off'}
        inputMode={type === 'email' ? 'email' : undefined}
        autoCapitalize={type === 'email' ? 'none' : undefined}
        spellCheck={spellCheck ?? (type === 'email' ? false : undefined)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        aria-required
      />
    </FieldShell>
  );
}

interface RoleSelectProps extends Described {
  name?: string;
  defaultValue?: string;
  /** Owners may give the owner role; others may not. */
  allowOwner: boolean;
  /** The organization's runtime roles, offered after the built-in ones. */
  extraRoles?: readonly string[];
  className?: string;
}

/** A labelled select of the roles (member, admin, owner when allowed, then the organization's own roles). */
export function RoleSelect(props: RoleSelectProps) {
  const { id, name = 'role', defaultValue = 'member', allowOwner, extraRoles = [], error, className } = props;
  const roles: string[] = [...ROLES.filter((role) => allowOwner || role !== 'owner'), ...extraRoles.filter((role) => !(ROLES as readonly string[]).includes(role))];
  // A combined role ("admin,member") stays selectable as it is.
  if (!roles.includes(defaultValue)) roles.push(defaultValue);
  return (
    <FieldShell {...props} className={className}>
      <select id={id} name={name} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={describedBy(props)}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** What /organizations/check-slug answers. */
export interface SlugCheck {
  slug: string;
  state: 'available' | 'taken' | 'unknown';
  message: string;
}

interface SlugFieldsProps {
  /** Prefix of the two inputs' ids. */
  idPrefix: string;
  defaultName?: string;
  defaultSlug?: string;
  /** The organization's own slug (rename form): not checked, it is theirs. */
  currentSlug?: string;
  /** Suggest the slug from the name as it is typed, until the slug is edited. */
  suggest: boolean;
  errors?: Partial<Record<string, string>>;
}

const CHECK_DELAY_MS = 400;

/**
 * Name and Slug. With JavaScript the slug follows the name (until edited) and is checked with
 * the gateway after a short pause in typing; without it, the action makes one from the name.
 */
export function SlugFields({ idPrefix, defaultName = '', defaultSlug = '', currentSlug, suggest, errors = {} }: SlugFieldsProps) {
  const hydrated = useHydrated();
  const [name, setName] = useState(defaultName);
  const [slug, setSlug] = useState(defaultSlug);
  const [edited, setEdited] = useState(!suggest || Boolean(defaultSlug));
  const fetcher = useFetcher<SlugCheck>();
  // The effect below runs per typed slug, not per render (a fetcher's functions may change).
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const wanted = slug.trim();
  const checkable = hydrated && wanted !== '' && wanted !== currentSlug;

  useEffect(() => {
    if (!checkable) return;
    const timer = setTimeout(() => load.current(`/organizations/check-slug?slug=${encodeURIComponent(wanted)}`), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [checkable, wanted]);

  const check = checkable && fetcher.data?.slug === wanted ? fetcher.data : undefined;
  const waiting = checkable && !check;
  // A fresh "taken" from the live check wins over the last submit's error; an edit clears both.
  const slugError = check?.state === 'taken' ? check.message : slug === defaultSlug ? errors.slug : undefined;
  const slugId = `${idPrefix}-slug`;
  const status = check ? check.message : '';

  return (
    <>
      <FieldShell id={`${idPrefix}-name`} label="Name" error={errors.name}>
        <input
          id={`${idPrefix}-name`}
          name="name"
          type="text"
          autoComplete="organization"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (!edited) setSlug(slugify(event.target.value));
          }}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${idPrefix}-name-error` : undefined}
          aria-required
        />
      </FieldShell>
      <FieldShell id={slugId} label="Slug" hint="Its short name in web addresses: lowercase letters, numbers and dashes." invalid={Boolean(slugError)}>
        <input
          id={slugId}
          name="slug"
          type="text"
          value={slug}
          maxLength={SLUG_MAX * 2}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => {
            setSlug(event.target.value);
            setEdited(event.target.value !== '');
          }}
          aria-invalid={slugError ? true : undefined}
          aria-describedby={`${slugId}-status ${slugId}-hint`}
          aria-required
        />
        {/* One live line under the input: the check's answer, or the error, so nothing jumps as they alternate. */}
        <div id={`${slugId}-status`} className="slug-status" aria-live="polite">
          {slugError ? (
            <p className="field-error">
              <span aria-hidden="true" className="field-error__icon">!</span> {slugError}
            </p>
          ) : (
            <p className={check?.state === 'available' ? 'slug-status--ok' : undefined}>
              {/* "Checking…" is for the eyes only: announcing it at every pause in typing would be noise. */}
              {waiting ? <span aria-hidden="true">Checking…</span> : status}
            </p>
          )}
        </div>
      </FieldShell>
    </>
  );
}

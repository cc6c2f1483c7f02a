import { NavLink } from '@remix-run/react';

export interface Section {
  to: string;
  label: string;
  /** Marked current only on exactly this address (an index page), not below it. */
  end?: boolean;
}

/** An area's own navigation (the account pages, an organization's): its sections as links, the current one marked. */
export function SectionNav({ label, sections }: { label: string; sections: readonly Section[] }) {
  return (
    <nav aria-label={label} className="section-nav">
      <ul>
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end} prefetch="intent">
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

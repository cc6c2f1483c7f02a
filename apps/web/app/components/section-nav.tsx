import { NavLink } from '@remix-run/react';

export interface Section {
  to: string;
  label: string;
  /** Marked current only on exactly this address (an index page), not below it. */
  end?: boolean;
}

/**
 * An area's own navigation (the account pages, an organization's, the admin console's): its
 * sections as links, the current one marked. A column beside the page, a row of pills on small
 * screens (base.css); `className` adds an area's own look.
 */
export function SectionNav({ label, sections, className }: { label: string; sections: readonly Section[]; className?: string }) {
  return (
    <nav aria-label={label} className={className ? `section-nav ${className}` : 'section-nav'}>
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

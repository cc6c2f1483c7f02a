// The admin console's sections: people, the OAuth clients of the identity provider, and webhooks.
import { NavLink } from '@remix-run/react';

const sections = [
  { to: '/admin', label: 'Users', end: true },
  { to: '/admin/oauth-clients', label: 'OAuth clients' },
  { to: '/admin/webhooks', label: 'Webhooks' },
];

export function AdminNav() {
  return (
    <nav aria-label="Administration" className="admin-nav">
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

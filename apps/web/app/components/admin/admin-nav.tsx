// The admin console's sections: people, the OAuth clients of the identity provider, and webhooks.
import { SectionNav } from '../section-nav';

const sections = [
  { to: '/admin', label: 'Users', end: true },
  { to: '/admin/oauth-clients', label: 'OAuth clients' },
  { to: '/admin/webhooks', label: 'Webhooks' },
];

/** A row of pills above each page of the console (admin.css). */
export function AdminNav() {
  return <SectionNav label="Administration" sections={sections} className="admin-nav" />;
}

// The live slug check of the organization forms (a resource route: JSON, no page). A GET, so the
// page's loaders do not run again on every pause in typing; the gateway call itself is a POST.
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { routes } from '@tend/contracts';
import type { SlugCheck } from '../components/organizations/fields';
import { currentSession } from '../lib/auth.server';
import { gateway } from '../lib/gateway.server';
import { call } from '../lib/call.server';

export async function loader(args: LoaderFunctionArgs) {
  const slug = (new URL(args.request.url).searchParams.get('slug') ?? '').trim();
  const api = gateway(args);
  const answer = (state: SlugCheck['state'], message: string, status = 200) => {
    const headers = new Headers(api.headers);
    headers.set('cache-control', 'no-store');
    return data<SlugCheck>({ slug, state, message }, { status, headers });
  };

  if (!slug) return answer('unknown', '');
  if (!(await currentSession(api))) return answer('unknown', '', 401);
  const result = await call(api, routes.checkOrganizationSlug, { slug: slug });
  if (result.ok) return answer('available', 'That slug is free.');
  if (result.error.code === 'SLUG_IS_TAKEN') return answer('taken', 'That slug is taken. Please try another.');
  // Anything else (a slug the gateway refuses, a network hiccup) is said when the form is sent.
  return answer('unknown', result.error.code === 'VALIDATION_ERROR' ? "That slug can't be used. Try letters, numbers and dashes." : '');
}

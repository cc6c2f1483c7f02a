// /organizations/<id> opens the area's first page, Members (a notice in the query goes along).
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

export function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  throw redirect(`/organizations/${encodeURIComponent(params.id ?? '')}/members${url.search}`);
}

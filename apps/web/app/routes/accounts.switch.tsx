import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { gateway } from '../lib/gateway.server';
import { text } from '../lib/forms';
import { switchTo } from '../lib/multi-session.server';

/** POST only: makes another account this browser holds the active one (the header's account switcher). */
export async function loader() {
  throw redirect('/');
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  const form = await args.request.formData();
  const switched = await switchTo(api, text(form, 'userId'));
  throw redirect(switched ? '/account?notice=switched' : '/account?notice=account-ended', { headers: api.headers });
}

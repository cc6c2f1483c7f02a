// "Sign in with single sign-on": on the sign-in page, a button to the page that asks for the work
// email (/auth/sso), which sends the browser on to the organization's identity provider.
import { Form } from '@remix-run/react';

export function SsoSignInButton({ redirectTo }: { redirectTo: string }) {
  return (
    <Form method="get" action="/auth/sso" className="sso-sign-in">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="button button--secondary">
        Sign in with single sign-on
      </button>
    </Form>
  );
}

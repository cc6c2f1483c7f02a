import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useSearchParams } from '@remix-run/react';
import { Notice } from '../components/forms';
import { currentSession } from '../lib/auth.server';
import { gateway } from '../lib/gateway.server';
import homeStyles from '../styles/home.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(homeStyles);

export const meta: MetaFunction = () => [
  { title: 'Tend · a gentle place to check in with yourself' },
  { name: 'description', content: 'Notice how you feel, day by day, at your own pace.' },
];

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  if (await currentSession(api)) throw redirect('/account', { headers: api.headers });
  return null;
}

export default function Index() {
  const [params] = useSearchParams();
  return (
    <>
      {params.get('notice') === 'signed-out' ? (
        <div className="page-notice">
          <Notice>You've signed out. Take care.</Notice>
        </div>
      ) : null}
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">A gentle place to check in with yourself.</h1>
        <p className="lead">
          Tend helps you notice how you feel, one day at a time, and share it only with the people you choose.
        </p>
        <div className="button-row">
          <Link to="/sign-up" className="button button--primary">
            Create your account
          </Link>
          <Link to="/sign-in" className="button button--secondary">
            I already have an account
          </Link>
        </div>
      </section>
      <ul className="features" aria-label="What Tend offers">
        <li className="feature">
          <h2 className="h3">Notice</h2>
          <p>A few quiet moments to name what you feel. No streaks, no pressure.</p>
        </li>
        <li className="feature">
          <h2 className="h3">Private by default</h2>
          <p>Your entries are yours. You decide what to share, and with whom.</p>
        </li>
        <li className="feature">
          <h2 className="h3">In your hands</h2>
          <p>See where you're signed in, change your details, or leave at any time.</p>
        </li>
      </ul>
    </>
  );
}

// The trip to the provider. With JavaScript, the action's redirect is followed by Remix (a plain
// navigation). Without it, a form submission may not be redirected to another origin (the page
// policy's `form-action 'self'`), so the action answers this page instead: a refresh to the
// provider, and a link in case the browser does not follow it.
import { useHydrated } from '../forms';

/** Tells the action that scripts run here, so it may answer with a redirect to the provider. */
export function ScriptedMarker() {
  return useHydrated() ? <input type="hidden" name="scripted" value="1" /> : null;
}

/** "Taking you to GitHub…": goes on at once, with a link to go by hand. */
export function ContinueToProvider({ url, name, linking }: { url: string; name: string; linking?: boolean }) {
  return (
    <div className="notice notice--info continue-to-provider" role="status">
      <meta httpEquiv="refresh" content={`0;url=${url}`} />
      <p className="notice__title">Taking you to {name}…</p>
      <p>{linking ? `Say yes at ${name}, and you'll come back here with it linked.` : `Say yes at ${name}, and you'll come back here signed in.`}</p>
      <p>
        <a href={url} className="button button--primary">
          Continue to {name}
        </a>
      </p>
    </div>
  );
}

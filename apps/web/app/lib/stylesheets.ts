import type { LinksFunction } from '@remix-run/node';

/**
 * A route's `links`: the stylesheets of the features it shows, after root's base.css (Remix
 * renders the links of the matched routes from the root down, so the cascade keeps that order).
 */
export const stylesheets =
  (...hrefs: string[]): LinksFunction =>
  () =>
    hrefs.map((href) => ({ rel: 'stylesheet', href }));

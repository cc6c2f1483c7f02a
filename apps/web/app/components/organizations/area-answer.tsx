// The answer of the frame's own button (Make active) when it failed: the page it was posted to shows it.
import type { ActionResult } from '../../lib/actions';
import { FormAlert } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';

export function AreaAnswer({ result, back }: { result?: ActionResult; back: string }) {
  if (result?.intent !== 'header' || !result.errors) return null;
  return (
    <FormAlert errors={result.errors}>
      <FreshSignInLink errors={result.errors} back={back} />
    </FormAlert>
  );
}

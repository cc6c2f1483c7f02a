import { Form, Link } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { SubmitButton } from './forms';

/**
 * A deletion asked once more, in place of the Delete button that opened it (a `?delete=` link):
 * the question takes the focus, since the button that had it is gone, so it is read out; then
 * the confirming button (the page's action answers `intent`) or Cancel back to the page.
 */
export function ConfirmDeletion({
  page,
  question,
  consequence,
  intent,
  confirm,
  hidden,
  skipChecks,
}: {
  /** The page the form posts to and Cancel returns to. */
  page: string;
  question: ReactNode;
  consequence: ReactNode;
  intent: string;
  /** The confirming button's words ("Yes, delete …"). */
  confirm: string;
  /** Hidden fields the action reads to word its notice. */
  hidden: Record<string, string>;
  skipChecks?: boolean;
}) {
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => questionRef.current?.focus(), []);
  return (
    <Form method="post" action={page} className="oauth-confirm">
      <p ref={questionRef} tabIndex={-1}>
        <strong>{question}</strong> {consequence}
      </p>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="button-row">
        <SubmitButton intent={intent} pendingText="Deleting…" variant="danger" skipChecks={skipChecks}>
          {confirm}
        </SubmitButton>
        <Link to={page} className="button button--secondary" preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

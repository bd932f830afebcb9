'use client';

import Link from 'next/link';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="notice error" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. {error.digest !== undefined ? <span className="small muted">(Reference {error.digest})</span> : null}</p>
      <p>
        <button type="button" onClick={reset}>
          Try again
        </button>{' '}
        <Link href="/">Back to the leagues and games</Link>
      </p>
    </div>
  );
}

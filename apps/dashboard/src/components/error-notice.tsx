import type { ErrorInfo } from '../lib/graphql';

export function ErrorNotice({ error, hint }: { error: ErrorInfo; hint?: string }) {
  return (
    <div className="notice error" role="alert">
      <h2>{error.title}</h2>
      <p>{error.message}</p>
      {error.code !== null ? <p className="small muted">Code: <span className="mono">{error.code}</span></p> : null}
      {hint !== undefined ? <p className="small">{hint}</p> : null}
    </div>
  );
}

export const API_HINT = 'Check that the Corbeille API is running and that API_URL points to it, then reload the page.';

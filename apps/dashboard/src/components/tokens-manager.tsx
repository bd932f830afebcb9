'use client';

import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../lib/format';
import type { ErrorInfo } from '../lib/graphql';
import { submitGraphQL } from '../lib/mutate';
import { CREATE_TOKEN_MUTATION, REVOKE_TOKEN_MUTATION, SCOPE_HELP, SCOPES, sortTokens, type ApiToken, type Scope } from '../lib/tokens';
import { ErrorNotice } from './error-notice';

export function TokensManager({ initial }: { initial: readonly ApiToken[] }) {
  const [tokens, setTokens] = useState<readonly ApiToken[]>(initial);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<readonly Scope[]>(['READ']);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);

  function replace(token: ApiToken) {
    setTokens((current) => [token, ...current.filter((candidate) => candidate.id !== token.id)]);
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    setSecret(null);
    const result = await submitGraphQL<{ createApiToken: { token: string; apiToken: ApiToken } }>(CREATE_TOKEN_MUTATION, {
      input: { name: name.trim(), scopes },
    });
    setPending(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    replace(result.data.createApiToken.apiToken);
    setSecret({ name: result.data.createApiToken.apiToken.name, token: result.data.createApiToken.token });
    setName('');
  }

  async function revoke(token: ApiToken) {
    if (!window.confirm(`Revoke the token “${token.name}”? Requests with it will be refused.`)) return;
    setPending(true);
    setError(null);
    const result = await submitGraphQL<{ revokeApiToken: ApiToken }>(REVOKE_TOKEN_MUTATION, { input: { id: token.id } });
    setPending(false);
    if (!result.ok) setError(result.error);
    else replace(result.data.revokeApiToken);
  }

  function toggle(scope: Scope, on: boolean) {
    setScopes((current) => (on ? SCOPES.filter((candidate) => candidate === scope || current.includes(candidate)) : current.filter((candidate) => candidate !== scope)));
  }

  return (
    <>
      {error !== null ? <ErrorNotice error={error} /> : null}
      {secret !== null ? (
        <div className="notice" role="status" data-testid="new-token">
          <h2>Token “{secret.name}” created</h2>
          <p>Copy it now: it is shown this once and never again.</p>
          <p className="secret" data-testid="token-secret">
            {secret.token}
          </p>
          <button type="button" className="button" onClick={() => void navigator.clipboard?.writeText(secret.token)}>
            Copy
          </button>
        </div>
      ) : null}
      <section className="panel" aria-labelledby="create-token-title">
        <h2 id="create-token-title">Create a token</h2>
        <form className="form" onSubmit={create} data-testid="create-token-form">
          <label className="field">
            <span>Name</span>
            <input required maxLength={80} value={name} onChange={(event) => setName(event.target.value)} placeholder="e.g. nightly export" />
          </label>
          <fieldset className="field">
            <legend>Scopes</legend>
            {SCOPES.map((scope) => (
              <label key={scope} className="small">
                <input type="checkbox" checked={scopes.includes(scope)} onChange={(event) => toggle(scope, event.target.checked)} /> {scope.toLowerCase()}:{' '}
                {SCOPE_HELP[scope]}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Creating…' : 'Create token'}
          </button>
        </form>
      </section>
      <section className="panel" aria-labelledby="tokens-title">
        <h2 id="tokens-title">Your tokens</h2>
        {tokens.length === 0 ? (
          <p className="empty">No token yet.</p>
        ) : (
          <div className="table-wrap">
            <table data-testid="tokens-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Scopes</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sortTokens(tokens).map((token) => (
                  <tr key={token.id} data-token={token.id} data-status={token.revokedAt === null ? 'active' : 'revoked'}>
                    <th scope="row">{token.name}</th>
                    <td>{token.scopes.map((scope) => scope.toLowerCase()).join(', ')}</td>
                    <td className="small">{formatDateTime(token.createdAt)}</td>
                    <td className="small">{token.lastUsedAt === null ? <span className="muted">never</span> : formatDateTime(token.lastUsedAt)}</td>
                    <td>{token.revokedAt === null ? 'active' : `revoked ${formatDateTime(token.revokedAt)}`}</td>
                    <td>
                      {token.revokedAt === null ? (
                        <button type="button" className="button" disabled={pending} onClick={() => void revoke(token)}>
                          Revoke
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

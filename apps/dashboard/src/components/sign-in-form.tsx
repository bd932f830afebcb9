'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { ErrorInfo } from '../lib/graphql';
import { ErrorNotice } from './error-notice';

export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const response = await fetch('/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: ErrorInfo } | null;
        setError(body?.error ?? { title: 'Could not sign in', message: `The dashboard answered with HTTP ${response.status}.`, code: null });
        return;
      }
      router.push(next);
      router.refresh();
    } catch (failure) {
      setError({ title: 'Could not sign in', message: failure instanceof Error ? failure.message : String(failure), code: null });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} data-testid="sign-in-form">
      {error !== null ? <ErrorNotice error={error} /> : null}
      <label className="field">
        <span>Email</span>
        <input type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label className="field">
        <span>Password</span>
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { OPEN_DISPUTE_MUTATION } from '../lib/disputes';
import type { ErrorInfo } from '../lib/graphql';
import { submitGraphQL } from '../lib/mutate';
import { ErrorNotice } from './error-notice';

/** A participant's claim about one event; on success the dispute's page opens, on a refusal the claim stays. */
export function OpenDisputeForm({ gameId, revision }: { gameId: string; revision: number }) {
  const router = useRouter();
  const [claim, setClaim] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const result = await submitGraphQL<{ openDispute: { id: string } }>(OPEN_DISPUTE_MUTATION, { input: { gameId, revision, claim: claim.trim() } });
    setPending(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    router.push(`/disputes/${encodeURIComponent(result.data.openDispute.id)}`);
  }

  return (
    <form className="form" onSubmit={submit} data-testid="open-dispute-form">
      {error !== null ? <ErrorNotice error={error} /> : null}
      <label className="field">
        <span>Your claim</span>
        <textarea required rows={4} maxLength={2000} value={claim} onChange={(event) => setClaim(event.target.value)} placeholder="What went wrong at this event?" />
      </label>
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Opening…' : 'Open the dispute'}
      </button>
    </form>
  );
}

'use client';

import { useState, type FormEvent } from 'react';
import { ANNOTATE_MUTATION, type TradeAnnotation } from '../lib/classes';
import { formatDateTime } from '../lib/format';
import type { ErrorInfo } from '../lib/graphql';
import { submitGraphQL } from '../lib/mutate';

/** A trade's annotations and a small form for the teacher to add one (the text stays if the API refuses it). */
export function TradeAnnotations({ classId, tradeId, initial }: { classId: string; tradeId: string; initial: readonly TradeAnnotation[] }) {
  const [annotations, setAnnotations] = useState<readonly TradeAnnotation[]>(initial);
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [flagged, setFlagged] = useState(false);
  const [score, setScore] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const input: Record<string, unknown> = { classId, tradeId, flagged };
    if (comment.trim() !== '') input['comment'] = comment.trim();
    if (score.trim() !== '') input['score'] = Number(score);
    const result = await submitGraphQL<{ annotateTrade: TradeAnnotation }>(ANNOTATE_MUTATION, { input });
    setPending(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setAnnotations((current) => [...current, result.data.annotateTrade]);
    setComment('');
    setScore('');
    setFlagged(false);
    setOpen(false);
  }

  return (
    <div data-testid="annotations">
      {annotations.map((annotation) => (
        <p key={annotation.id} className="annotation">
          {annotation.flagged ? <span className="badge">flagged</span> : null} {annotation.comment ?? ''}
          {annotation.score !== null ? ` (score ${annotation.score})` : ''}{' '}
          <span className="muted">
            — {annotation.authorName}, {formatDateTime(annotation.annotatedAt)}
          </span>
        </p>
      ))}
      {open ? (
        <form className="form" onSubmit={submit} aria-label={`Annotate trade ${tradeId}`}>
          {error !== null ? (
            <p className="annotation error" role="alert">
              {error.message}
            </p>
          ) : null}
          <label className="field">
            <span>Comment</span>
            <textarea rows={2} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />
          </label>
          <label className="small">
            <input type="checkbox" checked={flagged} onChange={(event) => setFlagged(event.target.checked)} /> flag
          </label>
          <label className="field">
            <span>Score</span>
            <input type="number" value={score} onChange={(event) => setScore(event.target.value)} />
          </label>
          <div>
            <button type="submit" className="button" disabled={pending}>
              {pending ? 'Saving…' : 'Save'}
            </button>{' '}
            <button type="button" className="link-button small" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="link-button small" onClick={() => setOpen(true)}>
          Annotate
        </button>
      )}
    </div>
  );
}

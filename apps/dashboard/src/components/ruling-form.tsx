'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { PREVIEW_REMEDY_QUERY, RULE_MUTATION, stateMoneyUnit, type AdjustmentKind, type RemedyKind, type RemedyPreview } from '../lib/disputes';
import type { ErrorInfo } from '../lib/graphql';
import { submitGraphQL } from '../lib/mutate';
import { ErrorNotice } from './error-notice';
import { StateComparison } from './state-comparison';

interface AdjustmentRow {
  readonly key: number;
  readonly kind: AdjustmentKind;
  readonly playerId: string;
  readonly stock: string;
  readonly amount: string;
}

interface Props {
  readonly disputeId: string;
  readonly gameType: string;
  readonly disputedRevision: number;
  readonly players: readonly { playerId: string; name: string }[];
  readonly stocks: readonly string[];
}

let nextKey = 1;

function emptyRow(players: Props['players']): AdjustmentRow {
  nextKey += 1;
  return { key: nextKey, kind: 'CASH', playerId: players[0]?.playerId ?? '', stock: '', amount: '' };
}

/** The referee's ruling: reject, or uphold with a correction or a rewind, previewed before it is recorded. */
export function RulingForm({ disputeId, gameType, disputedRevision, players, stocks }: Props) {
  const router = useRouter();
  const [decision, setDecision] = useState<'REJECT' | 'UPHOLD'>('UPHOLD');
  const [kind, setKind] = useState<RemedyKind>('CORRECTION');
  const [rows, setRows] = useState<readonly AdjustmentRow[]>(() => [emptyRow(players)]);
  const [afterRevision, setAfterRevision] = useState(String(Math.max(0, disputedRevision - 1)));
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<'preview' | 'rule' | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [preview, setPreview] = useState<RemedyPreview | null>(null);
  const unit = stateMoneyUnit(gameType);

  function remedy(): Record<string, unknown> {
    if (kind === 'REWIND') return { kind, afterRevision: Number(afterRevision) };
    return {
      kind,
      adjustments: rows.map((row) => {
        const amount = Number(row.amount);
        if (row.kind === 'CASH') return { kind: row.kind, playerId: row.playerId, delta: amount };
        if (row.kind === 'HOLDING') return { kind: row.kind, playerId: row.playerId, stock: row.stock, delta: amount };
        return { kind: row.kind, stock: row.stock, to: amount };
      }),
    };
  }

  function update(key: number, change: Partial<AdjustmentRow>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setPreview(null);
  }

  async function runPreview() {
    setPending('preview');
    setError(null);
    const result = await submitGraphQL<{ previewRemedy: RemedyPreview }>(PREVIEW_REMEDY_QUERY, { input: { disputeId, remedy: remedy() } });
    setPending(null);
    if (!result.ok) {
      setError(result.error);
      setPreview(null);
    } else setPreview(result.data.previewRemedy);
  }

  async function rule(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending('rule');
    setError(null);
    const input = { disputeId, decision, reason: reason.trim(), ...(decision === 'UPHOLD' ? { remedy: remedy() } : {}) };
    const result = await submitGraphQL<{ ruleOnDispute: { status: string } }>(RULE_MUTATION, { input });
    setPending(null);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    router.refresh();
  }

  const names = new Map(players.map((player) => [player.playerId, player.name]));
  return (
    <form className="form" onSubmit={rule} data-testid="ruling-form">
      {error !== null ? <ErrorNotice error={error} /> : null}
      <fieldset className="field">
        <legend>Decision</legend>
        <label>
          <input type="radio" name="decision" checked={decision === 'UPHOLD'} onChange={() => setDecision('UPHOLD')} /> Uphold, with a remedy
        </label>
        <label>
          <input type="radio" name="decision" checked={decision === 'REJECT'} onChange={() => setDecision('REJECT')} /> Reject
        </label>
      </fieldset>
      {decision === 'UPHOLD' ? (
        <>
          <label className="field">
            <span>Remedy</span>
            <select
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as RemedyKind);
                setPreview(null);
              }}
            >
              <option value="CORRECTION">Correction (compensating adjustments)</option>
              <option value="REWIND">Rewind (void the events after a revision)</option>
            </select>
          </label>
          {kind === 'REWIND' ? (
            <label className="field">
              <span>Keep events up to revision</span>
              <input type="number" min={0} max={disputedRevision} value={afterRevision} onChange={(event) => setAfterRevision(event.target.value)} />
            </label>
          ) : (
            <fieldset className="field" data-testid="adjustments">
              <legend>Adjustments (money in {unit})</legend>
              {rows.map((row, index) => (
                <div key={row.key} className="form inline" data-adjustment={index}>
                  <label className="field">
                    <span>Kind</span>
                    <select aria-label={`Adjustment ${index + 1} kind`} value={row.kind} onChange={(event) => update(row.key, { kind: event.target.value as AdjustmentKind })}>
                      <option value="CASH">Cash</option>
                      <option value="HOLDING">Shares</option>
                      <option value="PRICE">Price</option>
                    </select>
                  </label>
                  {row.kind !== 'PRICE' ? (
                    <label className="field">
                      <span>Player</span>
                      <select aria-label={`Adjustment ${index + 1} player`} value={row.playerId} onChange={(event) => update(row.key, { playerId: event.target.value })}>
                        {players.map((player) => (
                          <option key={player.playerId} value={player.playerId}>
                            {names.get(player.playerId)}
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : null}
                  {row.kind !== 'CASH' ? (
                    <label className="field">
                      <span>Stock</span>
                      <input aria-label={`Adjustment ${index + 1} stock`} list="ruling-stocks" value={row.stock} onChange={(event) => update(row.key, { stock: event.target.value })} />
                    </label>
                  ) : null}
                  <label className="field">
                    <span>{row.kind === 'PRICE' ? 'New price' : 'Change (+/−)'}</span>
                    <input
                      aria-label={`Adjustment ${index + 1} amount`}
                      type="number"
                      required
                      value={row.amount}
                      onChange={(event) => update(row.key, { amount: event.target.value })}
                    />
                  </label>
                  {rows.length > 1 ? (
                    <button type="button" className="link-button small" onClick={() => setRows((current) => current.filter((entry) => entry.key !== row.key))}>
                      Remove
                    </button>
                  ) : null}
                </div>
              ))}
              <datalist id="ruling-stocks">
                {stocks.map((stock) => (
                  <option key={stock} value={stock} />
                ))}
              </datalist>
              <div>
                <button type="button" className="link-button small" onClick={() => setRows((current) => [...current, emptyRow(players)])}>
                  Add an adjustment
                </button>
              </div>
            </fieldset>
          )}
          <div>
            <button type="button" className="button" onClick={() => void runPreview()} disabled={pending !== null}>
              {pending === 'preview' ? 'Working it out…' : 'Preview (what if)'}
            </button>
          </div>
        </>
      ) : null}
      {preview !== null && decision === 'UPHOLD' ? (
        <section className="panel" aria-labelledby="preview-title" data-testid="remedy-preview">
          <h3 id="preview-title">What if: the game now, and with this remedy ({preview.phase.toLowerCase()})</h3>
          {preview.voidedRevisions.length > 0 ? (
            <p className="small">
              Voided revisions: <span className="mono">{preview.voidedRevisions.join(', ')}</span>
            </p>
          ) : null}
          {preview.standings !== null ? (
            <p className="small" data-testid="preview-standings">
              Result with the remedy:{' '}
              {preview.standings.map((standing) => `${standing.rank}. ${names.get(standing.playerId) ?? standing.playerId} (${standing.finalWealth})`).join(', ')}
              {preview.currentStandings !== null
                ? `; now: ${preview.currentStandings.map((standing) => `${standing.rank}. ${names.get(standing.playerId) ?? standing.playerId} (${standing.finalWealth})`).join(', ')}`
                : ''}
            </p>
          ) : null}
          <StateComparison left={preview.currentState} right={preview.state} leftTitle="Now" rightTitle="With the remedy" unit={unit} testId="preview-diff" />
        </section>
      ) : null}
      <label className="field">
        <span>Reason (recorded with the ruling)</span>
        <textarea required rows={3} maxLength={2000} value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <button type="submit" className="button primary" disabled={pending !== null}>
        {pending === 'rule' ? 'Recording…' : decision === 'REJECT' ? 'Reject the dispute' : 'Uphold and apply the remedy'}
      </button>
    </form>
  );
}

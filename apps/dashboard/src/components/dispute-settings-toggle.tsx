'use client';

import { useState } from 'react';
import type { ErrorInfo } from '../lib/graphql';
import { submitGraphQL } from '../lib/mutate';
import { ErrorNotice } from './error-notice';

const SET_SETTINGS = `mutation DashboardDisputeSettings($input: DisputeSettingsInput!) { setDisputeSettings(input: $input) { pauseOnDispute } }`;

/** The referee's per-game choice: does opening a dispute pause the game until the ruling? */
export function DisputeSettingsToggle({ gameId, initial }: { gameId: string; initial: boolean }) {
  const [pause, setPause] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);

  async function change(next: boolean) {
    const previous = pause;
    setPause(next);
    setPending(true);
    setError(null);
    const result = await submitGraphQL<{ setDisputeSettings: { pauseOnDispute: boolean } }>(SET_SETTINGS, { input: { gameId, pauseOnDispute: next } });
    setPending(false);
    if (!result.ok) {
      // Refused (e.g. not the referee): the box shows the setting as it still is.
      setPause(previous);
      setError(result.error);
    } else setPause(result.data.setDisputeSettings.pauseOnDispute);
  }

  return (
    <div data-testid="dispute-settings">
      {error !== null ? <ErrorNotice error={error} /> : null}
      <label>
        <input type="checkbox" checked={pause} disabled={pending} onChange={(event) => void change(event.target.checked)} /> Pause the game while a dispute
        is open (the game&apos;s referee only; applies to disputes opened from now on)
      </label>
    </div>
  );
}

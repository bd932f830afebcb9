import { formatPhase } from '../lib/format';

export function PhaseBadge({ phase }: { phase: string }) {
  return <span className={`badge phase-${phase.toLowerCase()}`}>{formatPhase(phase)}</span>;
}

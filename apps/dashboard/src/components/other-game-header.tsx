import Link from 'next/link';
import { formatCount, formatDateTime, joinNames } from '../lib/format';
import { GAME_KIND_LABELS, type OtherGameSummary } from '../lib/multi-game';
import type { GameTab } from './game-header';

const TABS: readonly { tab: GameTab; label: string; suffix: string }[] = [
  { tab: 'board', label: 'Board', suffix: '' },
  { tab: 'events', label: 'Audit trail', suffix: '/events' },
  { tab: 'replay', label: 'Replay', suffix: '/replay' },
  { tab: 'disputes', label: 'Disputes', suffix: '/disputes' },
];

/** The header of a BOLSA or Maxi Bourse game's pages. */
export function OtherGameHeader({ game, active }: { game: OtherGameSummary; active: GameTab }) {
  const base = `/games/${encodeURIComponent(game.id)}`;
  const names = new Map(game.players.map((player) => [player.playerId, player.name]));
  const winners = game.winners.map((id) => names.get(id) ?? id);
  return (
    <header className="game-header">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <Link href="/">Leagues and games</Link>
          </li>
          {game.league !== null ? <li>{game.league}</li> : null}
          <li aria-current="page">{game.id}</li>
        </ol>
      </nav>
      <h1>
        {GAME_KIND_LABELS[game.kind]} game {game.id} <span className={`badge phase-${game.phase.toLowerCase()}`}>{game.phase.toLowerCase()}</span>
      </h1>
      <ul className="meta">
        <li>
          Players: <strong>{game.players.length > 0 ? joinNames(game.players.map((player) => player.name)) : 'none yet'}</strong>
        </li>
        <li>
          Progress: <strong>{game.progress}</strong>
        </li>
        {winners.length > 0 ? (
          <li>
            {winners.length === 1 ? 'Winner' : 'Winners'}: <strong>{joinNames(winners)}</strong>
          </li>
        ) : null}
        <li>
          Events: <strong>{formatCount(game.eventCount)}</strong>
        </li>
        <li>
          You see it as: <strong data-testid="viewer-kind">{game.viewer.kind.toLowerCase()}{game.viewer.playerId !== null ? ` (${names.get(game.viewer.playerId) ?? game.viewer.playerId})` : ''}</strong>
        </li>
        <li>
          Last update: <strong>{formatDateTime(game.updatedAt)}</strong>
        </li>
      </ul>
      <ul className="tabs">
        {TABS.map(({ tab, label, suffix }) => (
          <li key={tab}>
            <Link href={`${base}${suffix}`} aria-current={tab === active ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </header>
  );
}

import Link from 'next/link';
import { formatCount, formatDateTime, joinNames } from '../lib/format';
import { roundText } from '../lib/game-text';
import type { GameSummary } from '../lib/types';
import { PhaseBadge } from './phase-badge';

export type GameTab = 'board' | 'events' | 'replay' | 'disputes';

const TABS: readonly { tab: GameTab; label: string; suffix: string }[] = [
  { tab: 'board', label: 'Live board', suffix: '' },
  { tab: 'events', label: 'Audit trail', suffix: '/events' },
  { tab: 'replay', label: 'Replay', suffix: '/replay' },
  { tab: 'disputes', label: 'Disputes', suffix: '/disputes' },
];

export function GameHeader({ game, active }: { game: GameSummary; active: GameTab }) {
  const base = `/games/${encodeURIComponent(game.id)}`;
  const names = new Map(game.players.map((player) => [player.playerId, player.name]));
  const winners = game.winners.map((id) => names.get(id) ?? id);
  const broker = game.brokerId === null ? null : (names.get(game.brokerId) ?? game.brokerId);
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
        Game {game.id} <PhaseBadge phase={game.phase} />
      </h1>
      <ul className="meta">
        <li>
          Players: <strong>{game.players.length > 0 ? joinNames(game.players.map((player) => player.name)) : 'none yet'}</strong>
        </li>
        {broker !== null ? (
          <li>
            Broker: <strong>{broker}</strong>
          </li>
        ) : null}
        <li>
          Round: <strong>{roundText(game)}</strong>
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

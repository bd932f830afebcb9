import { formatCents, formatCount, joinNames } from '../lib/format';
import type { PlayerActions } from '../lib/queries';
import type { GamePhase, LegalAction, Player } from '../lib/types';

function tradeList(actions: readonly LegalAction[], type: 'BUY_SHARES' | 'SELL_SHARES'): string | null {
  const trades = actions.filter((action) => action.type === type && action.stock !== null);
  if (trades.length === 0) return null;
  const lot = trades.find((action) => action.lot !== null)?.lot ?? null;
  const items = trades.map((action) => `${action.stock} ${action.maxShares === null ? '' : `≤ ${formatCount(action.maxShares)}`}`.trim());
  return `${type === 'BUY_SHARES' ? 'Buy' : 'Sell'} ${items.join(', ')}${lot === null ? '' : ` (lots of ${formatCount(lot)})`}`;
}

/** The moves a player may make now, in words. */
export function describeActions(actions: readonly LegalAction[]): string[] {
  const lines: string[] = [];
  const has = (type: LegalAction['type']) => actions.some((action) => action.type === type);
  if (has('JOIN_GAME')) lines.push('Join the game');
  if (has('START_GAME')) lines.push('Start the game');
  if (has('ROLL_DICE')) lines.push('Roll the dice');
  const buy = tradeList(actions, 'BUY_SHARES');
  if (buy !== null) lines.push(buy);
  const sell = tradeList(actions, 'SELL_SHARES');
  if (sell !== null) lines.push(sell);
  const borrow = actions.find((action) => action.type === 'BORROW');
  if (borrow !== undefined) lines.push(`Borrow${borrow.maxAmount === null ? '' : ` up to ${formatCents(borrow.maxAmount)}`}`);
  if (has('FINISH_TRADING')) lines.push('Finish trading');
  return lines;
}

/** One sentence on what the game is waiting for. */
export function waitingFor(phase: GamePhase, round: number, players: readonly Player[], actions: readonly PlayerActions[], winners: readonly string[]): string {
  const names = new Map(players.map((player) => [player.playerId, player.name]));
  const who = (type: LegalAction['type']) =>
    joinNames(actions.filter((entry) => entry.actions.some((action) => action.type === type)).map((entry) => names.get(entry.playerId) ?? entry.playerId));
  switch (phase) {
    case 'LOBBY':
      return 'In the lobby: players are joining; the referee starts the game.';
    case 'OPENING': {
      const pending = who('FINISH_TRADING');
      return pending ? `Opening purchases at par: waiting for ${pending} to finish buying.` : 'Opening purchases at par.';
    }
    case 'TRADING': {
      const pending = who('FINISH_TRADING');
      const head = `Trading window before round ${formatCount(round)}`;
      return pending ? `${head}: waiting for ${pending} to finish trading.` : `${head}.`;
    }
    case 'ROLLING': {
      const roller = who('ROLL_DICE');
      return roller ? `Round ${formatCount(round)}: ${roller} to roll the dice.` : `Round ${formatCount(round)}: dice are rolling.`;
    }
    case 'FINISHED': {
      const won = joinNames(winners.map((id) => names.get(id) ?? id));
      return won ? `The game is over: ${won} ${winners.length === 1 ? 'won' : 'won (tie)'}.` : 'The game is over.';
    }
    default:
      return '';
  }
}

export function PendingDecision({
  phase,
  round,
  players,
  actions,
  actionsError,
  winners,
}: {
  phase: GamePhase;
  round: number;
  players: readonly Player[];
  actions: readonly PlayerActions[];
  actionsError: string | null;
  winners: readonly string[];
}) {
  const byPlayer = new Map(actions.map((entry) => [entry.playerId, entry.actions]));
  return (
    <section className="panel" aria-labelledby="pending-title">
      <h2 id="pending-title">Pending decision</h2>
      <p data-testid="waiting-for">
        <strong>{waitingFor(phase, round, players, actions, winners)}</strong>
      </p>
      {phase === 'FINISHED' ? <p className="muted">No decision is pending. The replay shows every position of the game, up to the final standings.</p> : null}
      {actionsError !== null ? (
        <div className="notice warn" role="alert">
          <p>The legal moves could not be read: {actionsError}</p>
        </div>
      ) : null}
      {phase === 'FINISHED' || players.length === 0 || actionsError !== null ? null : (
        <div className="table-wrap">
          <table>
            <caption>Legal moves of each player, as computed by the rules</caption>
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">May now</th>
              </tr>
            </thead>
            <tbody>
              {players.map((player) => {
                const lines = describeActions(byPlayer.get(player.playerId) ?? []);
                return (
                  <tr key={player.playerId}>
                    <th scope="row">{player.name}</th>
                    <td>
                      {lines.length === 0 ? (
                        <span className="muted">Nothing to do now</span>
                      ) : (
                        <ul className="actions-list">
                          {lines.map((line) => (
                            <li key={line}>{line}</li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

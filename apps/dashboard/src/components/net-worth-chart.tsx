import { formatCents } from '../lib/format';
import { playerColor } from '../lib/palette';
import type { NetWorthPoint, TimelineMark } from '../lib/timeline';
import type { Player } from '../lib/types';
import { LineChart } from './line-chart';
import { roundChartMarks } from './price-history-chart';

/** Net worth at one more moment than the round ends: now (live) or the replayed position. */
export interface CurrentNetWorth {
  readonly revision: number;
  readonly values: Readonly<Record<string, number>>;
}

export function NetWorthChart({
  players,
  points,
  marks,
  lastRevision,
  cursorRevision,
  untilRevision,
  current,
  sampled,
  width,
}: {
  players: readonly Player[];
  points: readonly NetWorthPoint[];
  marks: readonly TimelineMark[];
  lastRevision: number;
  cursorRevision?: number;
  untilRevision?: number;
  current?: CurrentNetWorth;
  sampled: boolean;
  width?: number;
}) {
  const shown = untilRevision === undefined ? points : points.filter((point) => point.mark.revision <= untilRevision);
  const extra = current !== undefined && !shown.some((point) => point.mark.revision >= current.revision) ? current : undefined;
  const series = players.map((player) => {
    const line = shown.flatMap((point) => {
      const value = point.values[player.playerId];
      return value === undefined ? [] : [{ x: point.mark.revision, y: value }];
    });
    const now = extra?.values[player.playerId];
    if (extra !== undefined && now !== undefined) line.push({ x: extra.revision, y: now });
    const latest = line[line.length - 1];
    return {
      id: player.playerId,
      label: player.name,
      color: playerColor(player.seat),
      dots: true,
      points: line,
      ...(latest === undefined ? {} : { legendValue: formatCents(latest.y) }),
    };
  });
  const allValues = [...points.flatMap((point) => Object.values(point.values)), ...Object.values(current?.values ?? {})];
  return (
    <LineChart
      title="Net worth over time"
      description={`Each player's net worth (cash plus holdings at market price, minus any loan and its charge) at the start, at the end of each round${sampled ? ' (sampled)' : ''}${current === undefined ? '' : ' and at the moment shown'}, from the API.`}
      series={series}
      xDomain={[0, Math.max(1, lastRevision)]}
      xLabel="Event number in the game (points: start, end of each round, now)"
      marks={roundChartMarks(marks)}
      format="money"
      yValues={allValues}
      {...(cursorRevision === undefined ? {} : { cursorX: cursorRevision })}
      {...(width === undefined ? {} : { width })}
      emptyText="No net worth until the game starts."
    />
  );
}

import { rankSeries, rankTimeline, type SeasonStanding } from '../lib/leagues';
import { playerColor } from '../lib/palette';
import { LineChart, type ChartMark } from './line-chart';

/** Each participant's rank after every result of the season (first place at the top). */
export function RankHistoryChart({ standings, gameOf }: { standings: readonly SeasonStanding[]; gameOf: ReadonlyMap<number, string> }) {
  const timeline = rankTimeline(standings);
  const series = standings.map((standing, index) => {
    const points = rankSeries(standing, timeline).map((point) => ({ x: point.x, y: point.rank }));
    const latest = points[points.length - 1];
    return {
      id: standing.participantId,
      label: standing.displayName,
      color: playerColor(index),
      dots: true,
      step: true,
      points,
      ...(latest === undefined ? {} : { legendValue: `#${latest.y}` }),
    };
  });
  const marks: ChartMark[] = timeline.map((position, index) => {
    const game = gameOf.get(position);
    return { x: index + 1, label: game ?? `#${index + 1}`, title: game === undefined ? `Change ${index + 1}` : `After ${game}` };
  });
  return (
    <LineChart
      title="Rank history"
      description="Each participant's rank in the season standings after each game result, from the API's standings history. First place is at the top."
      series={series}
      xDomain={[0.5, Math.max(1.5, timeline.length + 0.5)]}
      extendTo={timeline.length + 0.5}
      xLabel="Results of the season, in the order they were recorded"
      marks={marks}
      format="count"
      invertY
      yValues={[1]}
      height={260}
      emptyText="No result yet: ranks appear once a game of the season is over."
    />
  );
}

import { performance } from 'node:perf_hooks';
import * as bolsa from '@corbeille/bolsa';
import { seededRandom, type DomainEvent } from '@corbeille/kernel';
import * as maxiBourse from '@corbeille/maxi-bourse';
import { stockTicker } from '@corbeille/stock-ticker';
import { START_TIME, stockTickerEngineEvents } from './fixtures';
import { format, median, report, section } from './report';

/**
 * Folding a game's events in memory with the engine's own `evolve` (what every load, projection and
 * replay does). Each engine folds whole bot-played games, again and again for about `seconds`.
 */

interface FoldSubject {
  readonly name: string;
  readonly events: readonly DomainEvent[];
  readonly fold: (events: readonly DomainEvent[]) => unknown;
}

/**
 * Events per second of wall-clock time, and per second of CPU time of this process: on a machine shared
 * with other work the first falls with the share of a core the fold gets, the second much less.
 */
function rate(subject: FoldSubject, seconds: number): { rates: number[]; cpuRates: number[]; games: number } {
  const rates: number[] = [];
  const cpuRates: number[] = [];
  let games = 0;
  const deadline = performance.now() + seconds * 1000;
  // Warm-up: let the JIT see the code before anything is timed.
  for (let i = 0; i < 3; i++) subject.fold(subject.events);
  while (performance.now() < deadline || rates.length < 5) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    let folded = 0;
    while (folded < 200_000) {
      subject.fold(subject.events);
      folded += subject.events.length;
      games += 1;
    }
    rates.push((folded / (performance.now() - started)) * 1000);
    const cpu = process.cpuUsage(cpuStarted);
    cpuRates.push((folded / (cpu.user + cpu.system)) * 1_000_000);
  }
  return { rates, cpuRates, games };
}

function bolsaEvents(): DomainEvent[] {
  const random = seededRandom(11);
  const players = ['p1', 'p2', 'p3', 'p4'].map((playerId) => ({ playerId, name: playerId }));
  return bolsa.playWholeGame({ players, random, startTime: START_TIME, botFor: () => bolsa.heuristicBot }).events;
}

function maxiBourseEvents(): DomainEvent[] {
  const random = seededRandom(12);
  const players = ['p1', 'p2', 'p3', 'p4'].map((playerId) => ({ playerId, name: playerId }));
  return maxiBourse.playWholeGame({ players, random, botFor: () => maxiBourse.heuristicBot }).events;
}

export function benchEngineFold(seconds: number): void {
  section('Engines: folding events in memory (evolve only), one core');
  const stockTickerEvents = stockTickerEngineEvents(5, 8, 300);
  const subjects: FoldSubject[] = [
    {
      name: 'Stock Ticker',
      events: stockTickerEvents,
      fold: (events) => events.reduce((state, event) => stockTicker.evolve(state, event as Parameters<typeof stockTicker.evolve>[1]), stockTicker.initialState()),
    },
    {
      name: 'BOLSA',
      events: bolsaEvents(),
      fold: (events) => events.reduce((state, event) => bolsa.evolve(state, event as Parameters<typeof bolsa.evolve>[1]), bolsa.initialState()),
    },
    {
      name: 'Maxi Bourse',
      events: maxiBourseEvents(),
      fold: (events) =>
        events.reduce((state, event) => maxiBourse.evolve(state, event as Parameters<typeof maxiBourse.evolve>[1]), maxiBourse.initialState()),
    },
  ];
  for (const subject of subjects) {
    const measured = rate(subject, seconds);
    report({
      name: `${subject.name} fold`,
      value: median(measured.rates),
      unit: 'events/s',
      goal: { kind: 'at-least', value: 1_000_000 },
      notes: [
        `games of ${subject.events.length.toLocaleString('en-GB')} events folded ${measured.games} times; slowest run ${format(Math.min(...measured.rates))} events/s`,
        `per second of CPU time: ${format(median(measured.cpuRates))} events/s (what a core of its own would fold)`,
      ],
    });
  }
}

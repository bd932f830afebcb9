import { seededRandom } from '@corbeille/kernel';
import { BolsaDriver } from '../testing/bolsa-driver';
import { manualClock } from '../testing/manual-clock';
import { startTestApp, type TestApp } from '../testing/test-app';
import { BolsaDeadlineService } from './services/bolsa-deadline.service';
import { OpenAccessPolicy } from '../access/open-access.policy';

const SECOND = 1 / 60;

/** These tests are about the game's rules, not access: every request plays any seat under the open policy (access: src/identity). */
describe("the server keeps BOLSA's planning deadline", () => {
  const clock = manualClock('2026-06-01T20:00:00.000Z');
  let api: TestApp;
  const deadlines = () => api.app.get(BolsaDeadlineService);

  beforeAll(async () => {
    api = await startTestApp({ random: seededRandom(3), clock, accessPolicy: new OpenAccessPolicy() });
  });

  afterAll(async () => {
    await api.close();
  });

  it('closes the planning once the deadline has passed: whoever did not plan sits the month out', async () => {
    const game = new BolsaDriver(api, 'timed');
    await game.create({ planningSeconds: 30 });
    await game.join('alice');
    await game.join('bob');
    await game.start();
    expect(deadlines().pending().get('timed')).toEqual({ month: 1, deadline: '2026-06-01T20:00:30.000Z' });
    await game.plan('alice', [{ action: 'BUY', company: 'CEREAL' }]);

    expect(await deadlines().tick()).toEqual([]);
    clock.advance(30 * SECOND);
    // A plan at the deadline itself is still on time.
    expect(await deadlines().tick()).toEqual([]);
    clock.advance(SECOND);
    expect(await deadlines().tick()).toEqual(['timed']);
    expect(await deadlines().tick()).toEqual([]);

    const events = await api.eventStore.readStream('bolsa-timed');
    const excluded = events.find((event) => event.type === 'PlayerExcluded');
    expect(excluded).toMatchObject({ data: { playerId: 'bob', month: 1, reason: 'MISSED_DEADLINE' }, metadata: { actor: 'system', commandType: 'ClosePlanning' } });
    expect(events.some((event) => event.type === 'PlansRevealed')).toBe(true);
    const status = await game.status();
    expect(status.currentMonth?.month === 1 ? status.currentMonth.excluded : status.currentMonth?.previousMonth?.excluded).toEqual(['bob']);
  });

  it('leaves untimed months to the referee, then times the next ones', async () => {
    const game = new BolsaDriver(api, 'untimed');
    await game.create({ timedFromMonth: 2 });
    await game.join('alice');
    await game.join('bob');
    await game.start();
    expect(deadlines().pending().has('untimed')).toBe(false);
    const january = await game.status();
    expect(january.currentMonth).toMatchObject({ month: 1, deadline: null, timed: false });

    await game.plan('alice', []);
    // Untimed: the referee may close whenever the table is ready.
    const closed = await game.closePlanning();
    expect(closed.events.filter((event) => event.type === 'PlayerExcluded').map((event) => event.actor)).toEqual(['referee']);
    const february = await game.status();
    expect(february.currentMonth).toMatchObject({ month: 2, timed: true });
    expect(deadlines().pending().get('untimed')?.deadline).toBe(february.currentMonth?.deadline);
  });

  it('re-arms the deadlines of games left in planning when the server restarts', async () => {
    const game = new BolsaDriver(api, 'restarted');
    await game.create({ planningSeconds: 60 });
    await game.join('alice');
    await game.join('bob');
    await game.start();
    const { dataDir } = api;
    await api.close({ keepData: true });

    // A new server on the same events, with read models rebuilt from the log.
    api = await startTestApp({ random: seededRandom(4), clock, dataDir, accessPolicy: new OpenAccessPolicy() });
    expect(deadlines().pending().get('restarted')?.month).toBe(1);
    clock.advance(61 * SECOND);
    const closed = await deadlines().tick();
    expect(closed).toContain('restarted');
    const events = await api.eventStore.readStream('bolsa-restarted');
    expect(events.filter((event) => event.type === 'PlayerExcluded').map((event) => (event.data as { playerId: string }).playerId)).toEqual(['alice', 'bob']);
  });
});

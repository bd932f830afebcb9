import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataAs, signUp, type SignedUp } from '../identity/testing/identity-client';
import { CREATE_GAME, JOIN_GAME } from '../testing/operations';
import { startTestApp, type TestApp } from '../testing/test-app';
import { DisputeRegistry } from './services/dispute-registry';

const OPEN_DISPUTE = `mutation Open($input: OpenDisputeInput!) { openDispute(input: $input) { id status pausesGame openedAs } }`;
const SETTINGS = `mutation Settings($input: DisputeSettingsInput!) { setDisputeSettings(input: $input) { gameId pauseOnDispute } }`;
const READ = `query Read($id: ID!, $gameId: ID!) {
  dispute(id: $id) { id gameId status claim pausesGame openedAs disputedEvent { revision position eventId type } }
  disputes(gameId: $gameId, status: OPEN) { id }
  disputeSettings(gameId: $gameId) { pauseOnDispute }
}`;

interface ReadView {
  dispute: { id: string; gameId: string; status: string; claim: string; pausesGame: boolean; openedAs: string } | null;
  disputes: { id: string }[];
  disputeSettings: { pauseOnDispute: boolean };
}

/** The dispute registry keeps its state with a checkpoint beside the read models: a restart reads only the log after it. */
describe('the dispute registry across restarts', () => {
  const previousSecret = process.env['AUTH_SECRET'];
  const dataDir = mkdtempSync(join(tmpdir(), 'corbeille-disputes-'));
  const readModelsPath = join(dataDir, 'read-models.sqlite');
  const start = () => startTestApp({ dataDir, config: { readModelsPath } });
  let api: TestApp | undefined;
  let olga: SignedUp;
  let disputeId: string;
  let before: ReadView;
  let head: number;

  const registryOf = (app: TestApp) => app.app.get(DisputeRegistry);
  const read = (app: TestApp) => dataAs<ReadView>(app, olga.token, READ, { id: disputeId, gameId: 'restarted' });
  const logHead = async (app: TestApp) => (await app.eventStore.readAll()).at(-1)?.position ?? 0;

  beforeAll(async () => {
    // Sessions signed with one secret stay valid in the restarted app.
    process.env['AUTH_SECRET'] = 'a-fixed-secret-for-the-restart-test-0123456789';
    api = await start();
    olga = await signUp(api, 'Olga');
    await dataAs(api, olga.token, CREATE_GAME, { input: { gameId: 'restarted', options: { roundLimit: 1 } } });
    await dataAs(api, olga.token, SETTINGS, { input: { gameId: 'restarted', pauseOnDispute: true } });
    // Outside a league, an account's seat is named after it.
    await dataAs(api, olga.token, JOIN_GAME, { input: { gameId: 'restarted', playerId: olga.accountId, name: 'Olga' } });
    const { openDispute } = await dataAs<{ openDispute: { id: string; pausesGame: boolean; openedAs: string } }>(api, olga.token, OPEN_DISPUTE, {
      input: { gameId: 'restarted', revision: 0, claim: 'The game was created with the wrong options' },
    });
    expect(openDispute).toMatchObject({ pausesGame: true, openedAs: 'PLAYER' });
    disputeId = openDispute.id;
    before = await read(api);
    head = await logHead(api);
    await api.close({ keepData: true });
    api = undefined;
  });

  afterEach(async () => {
    await api?.close({ keepData: true });
    api = undefined;
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    if (previousSecret === undefined) delete process.env['AUTH_SECRET'];
    else process.env['AUTH_SECRET'] = previousSecret;
  });

  it('answers as before the restart, having read nothing of the log before its checkpoint', async () => {
    expect(before).toMatchObject({ dispute: { id: disputeId, status: 'OPEN', pausesGame: true }, disputes: [{ id: disputeId }], disputeSettings: { pauseOnDispute: true } });
    api = await start();
    expect(registryOf(api).startReport()).toEqual({ fromPosition: head, eventsRead: 0 });
    expect(await read(api)).toEqual(before);
    expect(registryOf(api).pausingDispute('restarted')?.disputeId).toBe(disputeId);
  });

  it('rebuilds from the whole log when the read models are deleted, reading only the disputes and their settings', async () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${readModelsPath}${suffix}`, { force: true });
    api = await start();
    const disputeEvents = (await api.eventStore.readAll()).filter((event) => event.streamId.startsWith('dispute-')).length;
    // The setting and the opening; the game's, the account's and the sign-in's events are skipped by SQLite.
    expect(disputeEvents).toBe(2);
    expect(head).toBeGreaterThan(disputeEvents);
    expect(registryOf(api).startReport()).toEqual({ fromPosition: 0, eventsRead: disputeEvents });
    expect(await read(api)).toEqual(before);
    expect(registryOf(api).pausingDispute('restarted')?.disputeId).toBe(disputeId);
  });
});

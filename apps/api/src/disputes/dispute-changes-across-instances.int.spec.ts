import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import type { ProjectionEngine } from '@corbeille/projections';
import { dataAs, signUp, wsClientAs } from '../identity/testing/identity-client';
import { PROJECTIONS } from '../infrastructure/infrastructure.tokens';
import { CREATE_GAME, JOIN_GAME } from '../testing/operations';
import { startTestApp, type TestApp } from '../testing/test-app';
import { DisputeRegistry } from './services/dispute-registry';

const OPEN_DISPUTE = `mutation Open($input: OpenDisputeInput!) { openDispute(input: $input) { id status } }`;

/** Two API instances on one event store: a subscriber on one sees the disputes opened through the other. */
describe('disputeChanges across API instances', () => {
  const previousSecret = process.env['AUTH_SECRET'];
  const shared = mkdtempSync(join(tmpdir(), 'corbeille-disputes-shared-'));
  const apps: TestApp[] = [];
  let client: Client | undefined;

  const instance = async (): Promise<TestApp> => {
    const app = await startTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'corbeille-instance-')), config: { eventsPath: join(shared, 'events.sqlite') } });
    apps.push(app);
    return app;
  };

  beforeAll(() => {
    // One AUTH_SECRET for both instances, as in the cluster: a session from one is valid on the other.
    process.env['AUTH_SECRET'] = 'a-secret-both-instances-share-0123456789abcdef';
  });

  afterAll(async () => {
    await client?.dispose();
    await Promise.all(apps.map((app) => app.close()));
    rmSync(shared, { recursive: true, force: true });
    if (previousSecret === undefined) delete process.env['AUTH_SECRET'];
    else process.env['AUTH_SECRET'] = previousSecret;
  });

  it('delivers a dispute opened on the first instance to a subscriber of the second', async () => {
    const first = await instance();
    const second = await instance();
    const olga = await signUp(first, 'Olga');
    await dataAs(first, olga.token, CREATE_GAME, { input: { gameId: 'watched', options: { roundLimit: 1 } } });
    const joined = await dataAs<{ joinGame: { events: { position: number }[] } }>(first, olga.token, JOIN_GAME, {
      input: { gameId: 'watched', playerId: olga.accountId, name: 'Olga' },
    });
    await second.app.get<ProjectionEngine>(PROJECTIONS).waitFor(Math.max(...joined.joinGame.events.map((event) => event.position)), 10_000);

    client = wsClientAs(await second.listen(), olga.token);
    const changes = client.iterate<{ disputeChanges: { status: string; claim: string } }>({ query: `subscription { disputeChanges(gameId: "watched") { status claim } }` });
    // graphql-ws subscribes asynchronously: give the server a moment to register the subscription.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { openDispute } = await dataAs<{ openDispute: { id: string } }>(first, olga.token, OPEN_DISPUTE, {
      input: { gameId: 'watched', revision: 0, claim: 'Opened elsewhere' },
    });

    let timer: NodeJS.Timeout | undefined;
    const next = await Promise.race([
      changes.next(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('no dispute change reached the second instance')), 10_000);
      }),
    ]).finally(() => clearTimeout(timer));
    expect(next.value).toEqual({ data: { disputeChanges: { status: 'OPEN', claim: 'Opened elsewhere' } } });
    expect(second.app.get(DisputeRegistry).dispute(openDispute.id)?.status).toBe('open');
    await changes.return?.();
  });
});

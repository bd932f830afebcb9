import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
// The round trip needs the real API that writes game files (as tools/bench starts it).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { DEFAULT_RATE_LIMITS } from '@corbeille/api/src/config/app-config';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createApp } from '@corbeille/api/src/create-app';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { asTestPlayer, TEST_REFEREE, testAuthenticator, TestAccessPolicy } from '@corbeille/api/src/testing/test-access-policy';
import type { EventStore } from '@corbeille/event-store';
import { seededRandom } from '@corbeille/kernel';
import { PLAYED_GAMES, playedGames, V1_GAME } from './testing/played-games';
import { verifyGameFile } from './verify-game';

interface EventPage {
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
  readonly edges: readonly { readonly node: { readonly revision: number; readonly type: string; readonly data: unknown } }[];
}

/** Playing three games and starting the API take seconds on a busy machine. */
const SLOW_TEST_MS = 60_000;

describe('game files: GET /games/:id/export.ndjson, checked offline by npm run verify-game', () => {
  let store: EventStore;
  let app: INestApplication;
  let dataDir: string;
  const files = new Map<string, string>();
  const figures: string[] = [];

  beforeAll(async () => {
    store = await playedGames();
    dataDir = mkdtempSync(join(tmpdir(), 'corbeille-game-file-'));
    app = await createApp({
      config: { dataDir, eventsPath: join(dataDir, 'events.sqlite'), readModelsPath: ':memory:', eventStoreUrl: undefined, rateLimits: { ...DEFAULT_RATE_LIMITS, enabled: false } },
      eventStore: store,
      randomSourceFactory: () => seededRandom(1),
      logger: ['error'],
      deadlineTimers: false,
      // Who asks is named by a header: the referee sees every event whole, the anonymous as spectators.
      accessPolicy: new TestAccessPolicy(),
      authenticator: testAuthenticator,
    });
    for (const gameId of Object.values(PLAYED_GAMES)) files.set(gameId, await exported(gameId, asTestPlayer(TEST_REFEREE)));
  }, SLOW_TEST_MS);

  afterAll(async () => {
    await app?.close();
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`Game files:\n  ${figures.join('\n  ')}`);
  });

  const exported = async (gameId: string, headers: Record<string, string> = {}): Promise<string> => {
    const answer = await request(app.getHttpServer())
      .get(`/games/${gameId}/export.ndjson`)
      .set(headers)
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(null, text));
      });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/x-ndjson/);
    return answer.body as string;
  };

  const fileOf = (gameId: string): string => {
    const file = files.get(gameId);
    if (file === undefined) throw new Error(`No file for ${gameId}`);
    return file;
  };

  /** Metadata keys that hold secrets (sub-seeds, draws, the command, a plan's nonce, the command binding). */
  const SECRET_KEYS = ['units', 'draws', 'command', 'commitmentNonce', 'commandBinding'];

  it.each(Object.entries(PLAYED_GAMES))('a %s game round-trips: links, replay and the public chance check out, no secret metadata', (gameType, gameId) => {
    const file = fileOf(gameId);
    const lines = file.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ kind: 'header', format: 'corbeille-game/1', gameId, gameType, engineVersion: expect.any(String), viewer: 'referee' });
    const last = lines[lines.length - 1] as Record<string, unknown>;
    expect(last).toMatchObject({ kind: 'fairness', streamId: `integrity-${gameId}`, scheme: 'hmac-sha256-v2' });
    const events = lines.filter((line) => line['kind'] === 'event') as { metadata: Record<string, unknown>; metadataTrimmed?: string[] }[];
    // Not even the referee's file carries them: they stay in the server's log.
    expect(events.flatMap((event) => Object.keys(event.metadata).filter((key) => SECRET_KEYS.includes(key)))).toEqual([]);
    expect(events.every((event) => event.metadataTrimmed?.includes('commandBinding'))).toBe(true);
    const report = verifyGameFile(file);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, gameId, gameType });
    expect(report.linkChecked).toBe(report.events);
    expect(report.notes.join('\n')).toMatch(/their links are checked, their hashes cannot be recomputed/);
    expect(report.publishedFairness).toMatchObject({ ok: true });
    expect(report.publishedFairness?.unitsChecked).toBeGreaterThan(0);
    if (gameType === 'bolsa') {
      // Nobody sees BOLSA's deck order nor the cards a reader put back, the referee included: no replay.
      expect(report.redacted).toBeGreaterThan(0);
      expect(report.eventsFolded).toBe(0);
    } else {
      expect(report.redacted).toBe(0);
      expect(report.eventsFolded).toBe(report.events);
      expect(report.fairness).toMatchObject({ ok: true });
      expect(report.fairness?.checksumsChecked).toBeGreaterThan(0);
    }
    figures.push(
      `${gameType}: ${report.events} events (${report.linkChecked} link-checked), ${file.length} bytes; ${report.publishedFairness?.unitsChecked} units, ${report.publishedFairness?.drawsChecked} public draws, ${report.fairness?.checksumsChecked ?? 0} checksums checked; ${report.redacted} hidden from the referee too`,
    );
  });

  it('checks a game recorded under hmac-sha256-v1: its seed, revealed at the end, matches its commitment', async () => {
    const file = await exported(V1_GAME);
    const lines = file.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const fairness = lines[lines.length - 1] as { scheme: string; commitment: string; epochs: { seed: string | null }[] };
    expect(fairness).toMatchObject({ kind: 'fairness', scheme: 'hmac-sha256-v1', units: [], batchRoots: [] });
    expect(fairness.epochs[0]?.seed).toMatch(/^[0-9a-f]{64}$/);
    const report = verifyGameFile(file);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, redacted: 0, fairness: { ok: true, scheme: 'hmac-sha256-v1', seedRevealed: true } });
    expect(report.eventsFolded).toBe(report.events);
    expect(report.fairness?.checksumsChecked).toBeGreaterThan(0);
    // A revealed seed that is not the committed one is refused.
    const forged = file.replace(/"revealedSeed":"([0-9a-f])/, (_match, digit: string) => `"revealedSeed":"${digit === '0' ? '1' : '0'}`);
    expect(forged).not.toBe(file);
    expect(verifyGameFile(forged).ok).toBe(false);
    figures.push(`stock-ticker (hmac-sha256-v1): ${report.events} events, seed revealed and matching its commitment, ${report.fairness?.checksumsChecked} checksums`);
  });

  it("gives a spectator the events as the GraphQL events field does: hidden cards stay hidden, the rest still checks", async () => {
    const file = await exported(PLAYED_GAMES['maxi-bourse']);
    const lines = file.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ viewer: 'spectator' });
    const refereeFile = fileOf(PLAYED_GAMES['maxi-bourse']);
    expect(file).not.toBe(refereeFile);
    const report = verifyGameFile(file);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.redacted).toBeGreaterThan(0);
    expect(report.eventsFolded).toBe(0);
    expect(report.notes[0]).toMatch(/hidden from this file's reader/);
    const hidden = lines.filter((line) => line['redacted'] === true);
    expect(hidden).toHaveLength(report.redacted);
    figures.push(`maxi-bourse as a spectator: ${report.redacted} of ${report.events} events hidden, the other links checked, no replay`);
    // Every event of the spectator's file is what GraphQL's events field shows the spectator.
    const shown = new Map<number, { type: string; data: unknown }>();
    for (let after: string | null = null, more = true; more; ) {
      const answer: request.Response = await request(app.getHttpServer())
        .post('/graphql')
        .send({
          query: 'query($id: ID!, $after: String) { maxiBourseGame(id: $id) { events(first: 100, after: $after) { pageInfo { hasNextPage endCursor } edges { node { revision type data } } } } }',
          variables: { id: PLAYED_GAMES['maxi-bourse'], after },
        });
      const page: EventPage = (answer.body as { data: { maxiBourseGame: { events: EventPage } } }).data.maxiBourseGame.events;
      for (const { node } of page.edges) shown.set(node.revision, { type: node.type, data: node.data });
      more = page.pageInfo.hasNextPage;
      after = page.pageInfo.endCursor;
    }
    const events = lines.filter((line) => line['kind'] === 'event') as unknown as { revision: number; type: string; data: unknown }[];
    expect(shown.size).toBe(events.length);
    for (const event of events) expect({ type: event.type, data: event.data }).toEqual(shown.get(event.revision));
  });

  it('refuses changed content of a link-checked event: the replay\'s checksum no longer matches', () => {
    const lines = fileOf(PLAYED_GAMES['stock-ticker']).split('\n');
    const target = lines.findIndex((line) => line.includes('"type":"SharesBought"'));
    lines[target] = (lines[target] as string).replace(/"shares":(\d)/, (_match, digit: string) => `"shares":${(Number(digit) + 1) % 10}`);
    const report = verifyGameFile(lines.join('\n'));
    expect(report.ok).toBe(false);
    expect(report.problems.map((problem) => problem.message).join('\n')).toMatch(/CHECKSUM/);
  });

  it('recomputes the hash of an event that claims its metadata whole, naming its line', () => {
    const lines = fileOf(PLAYED_GAMES['stock-ticker']).split('\n');
    const target = lines.findIndex((line) => line.includes('"type":"SharesBought"'));
    const { metadataTrimmed: _trimmed, ...event } = JSON.parse(lines[target] as string) as Record<string, unknown>;
    lines[target] = JSON.stringify(event);
    const report = verifyGameFile(lines.join('\n'));
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatchObject({ line: target + 1, message: expect.stringContaining('changed') });
  });

  it('refuses a link-checked event whose link was changed, naming its line', () => {
    const lines = fileOf(PLAYED_GAMES.bolsa).split('\n');
    const event = JSON.parse(lines[7] as string) as { metadata: { chain: { previous: string } } };
    event.metadata.chain.previous = 'e'.repeat(64);
    lines[7] = JSON.stringify(event);
    const report = verifyGameFile(lines.join('\n'));
    expect(report.ok).toBe(false);
    expect(report.problems.map((problem) => problem.line)).toContain(8);
  });

  it('refuses a fairness line whose public record was forged', () => {
    const lines = fileOf(PLAYED_GAMES['stock-ticker']).trimEnd().split('\n');
    const fairness = JSON.parse(lines[lines.length - 1] as string) as { units: { draws: { value: number | null }[] }[] };
    const draw = fairness.units.flatMap((unit) => unit.draws).find((candidate) => candidate.value !== null) as { value: number };
    draw.value += 1;
    lines[lines.length - 1] = JSON.stringify(fairness);
    const report = verifyGameFile(lines.join('\n'));
    expect(report.ok).toBe(false);
    expect(report.problems.map((problem) => problem.message).join('\n')).toMatch(/published fairness/);
  });

  it('refuses a truncated file', () => {
    const lines = fileOf(PLAYED_GAMES.bolsa).trimEnd().split('\n');
    const cutAfterEvents = verifyGameFile(lines.slice(0, -4).join('\n'));
    expect(cutAfterEvents.ok).toBe(false);
    expect(cutAfterEvents.problems.map((problem) => problem.message).join('\n')).toMatch(/truncated/);
    const cutMidLine = verifyGameFile(fileOf(PLAYED_GAMES.bolsa).slice(0, -40));
    expect(cutMidLine.ok).toBe(false);
    expect(cutMidLine.problems[0]?.message).toMatch(/not a JSON object/);
    // Cut after an event but with the fairness line kept: the header's chain head and count are missing.
    const withoutLastEvent = verifyGameFile([...lines.slice(0, -2), lines[lines.length - 1]].join('\n'));
    expect(withoutLastEvent.ok).toBe(false);
    expect(withoutLastEvent.problems.map((problem) => problem.message).join('\n')).toMatch(/announces \d+ events/);
  });

  it('refuses reordered events, naming the lines', () => {
    const lines = fileOf(PLAYED_GAMES['maxi-bourse']).split('\n');
    [lines[5], lines[6]] = [lines[6] as string, lines[5] as string];
    const report = verifyGameFile(lines.join('\n'));
    expect(report.ok).toBe(false);
    expect(report.problems.map((problem) => problem.line)).toContain(6);
  });

  it('refuses an event forged with its hash recomputed, against the header\'s chain head', () => {
    const lines = fileOf(PLAYED_GAMES['stock-ticker']).trimEnd().split('\n');
    const header = JSON.parse(lines[0] as string) as Record<string, unknown>;
    lines[0] = JSON.stringify({ ...header, chainHead: { ...(header['chainHead'] as object), hash: 'f'.repeat(64) } });
    const report = verifyGameFile(lines.join('\n'));
    expect(report.ok).toBe(false);
  });

  it('answers 404 for an unknown game and 400 for a malformed id', async () => {
    const missing = await request(app.getHttpServer()).get('/games/no-such-game/export.ndjson');
    expect(missing.status).toBe(404);
    const malformed = await request(app.getHttpServer()).get(`/games/${encodeURIComponent('bad id!')}/export.ndjson`);
    expect(malformed.status).toBe(400);
  });
});

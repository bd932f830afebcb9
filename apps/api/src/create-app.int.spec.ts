import { Logger } from '@nestjs/common';
import request from 'supertest';
import { InMemoryEventStore, type AppendResult, type ExpectedRevision, type NewEvent } from '@corbeille/event-store';
import { OpenAccessPolicy } from './access/open-access.policy';
import { INTERNAL_ERROR_MESSAGE } from './common/errors/error-codes';
import { createApp } from './create-app';

/** A store whose disk fills up for one game. */
class FailingEventStore extends InMemoryEventStore {
  override appendToStream(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (streamId.endsWith('-doomed')) return Promise.reject(new Error('SQLITE_FULL: database or disk is full at /secret/path'));
    return super.appendToStream(streamId, events, expected);
  }
}

const CREATE = `mutation($id: ID!) { createStockTickerGame(input: { gameId: $id }) { gameId game { phase } } }`;

describe('createApp', () => {
  it('runs on an in-memory event store it does not own', async () => {
    const store = new FailingEventStore();
    // About the store and error masking, not access: the open policy lets an anonymous request create games.
    const app = await createApp({ eventStore: store, config: { readModelsPath: ':memory:' }, logger: false, accessPolicy: new OpenAccessPolicy() });
    const server = app.getHttpServer();

    const created = await request(server).post('/graphql').send({ query: CREATE, variables: { id: 'in-memory' } }).expect(200);
    expect(created.body.data.createStockTickerGame).toEqual({ gameId: 'in-memory', game: { phase: 'LOBBY' } });
    expect(await store.streamRevision('stock-ticker-in-memory')).toBe(0);

    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const failed = await request(server).post('/graphql').send({ query: CREATE, variables: { id: 'doomed' } });
    expect(failed.body.errors).toEqual([
      expect.objectContaining({ message: INTERNAL_ERROR_MESSAGE, extensions: { code: 'INTERNAL_SERVER_ERROR' } }),
    ]);
    expect(JSON.stringify(failed.body)).not.toContain('secret');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('SQLITE_FULL'));
    log.mockRestore();

    await app.close();
    // The caller's store stays open.
    expect(await store.readAll()).toHaveLength(1);
    await store.close();
  });
});

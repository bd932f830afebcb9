import request from 'supertest';
import { signUp } from '../identity/testing/identity-client';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('GET /health', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp();
  });

  afterAll(async () => {
    await api.close();
  });

  it('reports ok and the read models checkpoint', async () => {
    const response = await request(api.app.getHttpServer()).get('/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', checkpoint: 0 });
  });

  it('moves the checkpoint once a game is created', async () => {
    const { token } = await signUp(api, 'Hana');
    await api.data(`mutation { createStockTickerGame(input: { gameId: "health-1" }) { gameId } }`, {}, { authorization: `Bearer ${token}` });
    const response = await request(api.app.getHttpServer()).get('/health').expect(200);
    expect(response.body.checkpoint).toBeGreaterThan(0);
  });

  it('answers unknown routes with 404', async () => {
    await request(api.app.getHttpServer()).get('/nope').expect(404);
  });
});

import { ConfigError, loadAppConfig } from '../config/app-config';
import { FORWARDER_SECRET_HEADER, VISITOR_HEADER } from '../common/visitor/forwarded-visitor';
import { startTestApp, type TestApp } from '../testing/test-app';
import { post, type RawAnswer } from './reliability-helpers';

const SECRET = 'a-secret-shared-by-the-api-and-the-dashboard-server';
const RATE = { enabled: true, windowSeconds: 30, perIp: 4, perToken: 100 };
const READ = '{ games(first: 1) { totalCount } }';

const accepted = (answer: RawAnswer) => answer.errors === undefined;
const rateLimited = (answer: RawAnswer) => answer.errors?.[0]?.extensions?.code === 'RATE_LIMITED';

/**
 * The dashboard renders pages on its server, so every visitor's requests come from its address. It names
 * the visitor in x-corbeille-visitor and proves it is the dashboard with the shared secret; the API
 * counts such a request against the visitor. The same header without the secret changes nothing. Every
 * request of this test comes from 127.0.0.1; only the headers differ.
 */
describe('the visitor a trusted forwarder names', () => {
  let api: TestApp;
  let url: string;
  const asDashboardFor = (visitor: string) => post(url, { query: READ }, { [VISITOR_HEADER]: visitor, [FORWARDER_SECRET_HEADER]: SECRET });
  const send = async (times: number, sender: () => Promise<RawAnswer>) => {
    const answers: RawAnswer[] = [];
    for (let i = 0; i < times; i += 1) answers.push(await sender());
    return answers;
  };

  beforeAll(async () => {
    api = await startTestApp({ config: { rateLimits: RATE, forwardedVisitorSecret: SECRET } });
    url = await api.listen();
  });

  afterAll(async () => {
    await api.close();
  });

  it('gives each forwarded visitor a budget of their own: one visitor over it does not stop another', async () => {
    const first = await send(RATE.perIp + 1, () => asDashboardFor('198.51.100.1'));
    expect(first.slice(0, RATE.perIp).every(accepted)).toBe(true);
    expect(rateLimited(first[RATE.perIp] as RawAnswer)).toBe(true);
    const second = await send(RATE.perIp, () => asDashboardFor('198.51.100.2'));
    expect(second.every(accepted)).toBe(true);
    // IPv6 visitors too.
    expect(accepted(await asDashboardFor('2001:db8::7'))).toBe(true);
  });

  it('does not believe the header without the secret, or with a wrong one: such requests count against their sender', async () => {
    let next = 10;
    const spoofed = await send(RATE.perIp + 1, () => post(url, { query: READ }, { [VISITOR_HEADER]: `198.51.100.${next++}` }));
    expect(spoofed.slice(0, RATE.perIp).every(accepted)).toBe(true);
    expect(rateLimited(spoofed[RATE.perIp] as RawAnswer)).toBe(true);
    // A wrong secret, or a visitor that is not an address, is the sender (127.0.0.1, now over its budget).
    expect(rateLimited(await post(url, { query: READ }, { [VISITOR_HEADER]: '198.51.100.250', [FORWARDER_SECRET_HEADER]: `${SECRET}x` }))).toBe(true);
    expect(rateLimited(await post(url, { query: READ }, { [VISITOR_HEADER]: 'not-an-address', [FORWARDER_SECRET_HEADER]: SECRET }))).toBe(true);
    // The dashboard's visitors are not affected by its own address being over budget.
    expect(accepted(await asDashboardFor('198.51.100.3'))).toBe(true);
  });

  it('is configured by FORWARDED_VISITOR_SECRET, 32 characters or more, and off when unset', () => {
    expect(loadAppConfig({ FORWARDED_VISITOR_SECRET: SECRET }).forwardedVisitorSecret).toBe(SECRET);
    expect(loadAppConfig({}).forwardedVisitorSecret).toBeUndefined();
    expect(() => loadAppConfig({ FORWARDED_VISITOR_SECRET: 'short' })).toThrow(ConfigError);
  });
});

describe('without a configured secret', () => {
  let api: TestApp;

  afterAll(async () => {
    await api.close();
  });

  it('no header names a visitor, whatever secret is offered', async () => {
    api = await startTestApp({ config: { rateLimits: RATE } });
    const url = await api.listen();
    const answers: RawAnswer[] = [];
    for (let i = 0; i <= RATE.perIp; i += 1) {
      answers.push(await post(url, { query: READ }, { [VISITOR_HEADER]: `198.51.100.${i + 1}`, [FORWARDER_SECRET_HEADER]: SECRET }));
    }
    expect(answers.slice(0, RATE.perIp).every(accepted)).toBe(true);
    expect(rateLimited(answers[RATE.perIp] as RawAnswer)).toBe(true);
  });
});

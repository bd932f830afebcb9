import { ConfigError, loadAppConfig } from './app-config';

describe('loadAppConfig', () => {
  it('defaults to port 4000 on all interfaces with SQLite under ./data', () => {
    const config = loadAppConfig({}, '/srv/corbeille');
    expect(config).toEqual({
      port: 4000,
      host: '0.0.0.0',
      dataDir: '/srv/corbeille/data',
      eventStoreUrl: undefined,
      eventsPath: '/srv/corbeille/data/events.sqlite',
      readModelsPath: '/srv/corbeille/data/read-models.sqlite',
      integrityChain: true,
    });
  });

  it('reads PORT, HOST, DATA_DIR and EVENTSTORE_URL', () => {
    const config = loadAppConfig(
      { PORT: '4100', HOST: '127.0.0.1', DATA_DIR: 'var/data', EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 4100,
      host: '127.0.0.1',
      dataDir: '/srv/var/data',
      eventStoreUrl: 'esdb://localhost:2113?tls=false',
      readModelsPath: '/srv/var/data/read-models.sqlite',
    });
  });

  it.each(['abc', '-1', '70000', '4000.5'])('refuses PORT=%s', (port) => {
    expect(() => loadAppConfig({ PORT: port }, '/srv')).toThrow(ConfigError);
  });
});

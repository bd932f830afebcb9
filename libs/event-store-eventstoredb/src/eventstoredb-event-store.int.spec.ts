import { describeEventStoreContract } from '@corbeille/event-store/testing';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const url = process.env['EVENTSTORE_URL'];

describe('EventStoreDB adapter', () => {
  if (!url) {
    it('is skipped: set EVENTSTORE_URL (e.g. esdb://localhost:2113?tls=false) to run the contract suite against a server', () => {
      console.warn('EventStoreDB contract suite skipped: EVENTSTORE_URL is not set, so there is no server to run it against.');
      expect(url).toBeUndefined();
    });
    return;
  }

  describeEventStoreContract(
    `eventstoredb (${url})`,
    async () => ({ store: EventStoreDbEventStore.fromConnectionString(url) }),
    { deliveryTimeoutMs: 10_000, quietPeriodMs: 500 },
  );
});

import { describeEventStoreContract } from '@corbeille/event-store/testing';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const url = process.env['EVENTSTORE_URL'];

// Without a server the whole contract suite is registered as skipped, so Jest reports it as skipped
// (not as a passing test). Run it with EVENTSTORE_URL='esdb://localhost:2113?tls=false'.
const describeWithServer = url ? describe : describe.skip;

describeWithServer(`EventStoreDB adapter (needs EVENTSTORE_URL, ${url ? 'set' : 'not set: skipped'})`, () => {
  describeEventStoreContract(
    `eventstoredb (${url ?? 'no server'})`,
    async () => ({ store: EventStoreDbEventStore.fromConnectionString(url as string) }),
    { deliveryTimeoutMs: 10_000, quietPeriodMs: 500 },
  );
});

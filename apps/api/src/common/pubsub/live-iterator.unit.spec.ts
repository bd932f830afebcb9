import { PubSub } from 'graphql-subscriptions';
import { prependItems, subscribeLive, type LivePubSub } from './live-iterator';

describe('subscribeLive', () => {
  it('buffers what is published before the first pull', async () => {
    const pubSub: LivePubSub = new PubSub();
    const live = await subscribeLive<number>(pubSub, 't');
    await pubSub.publish('t', 1);
    await pubSub.publish('t', 2);
    expect(await live.next()).toEqual({ value: 1, done: false });
    expect(await live.next()).toEqual({ value: 2, done: false });
  });

  it('ends a pending pull on return and unsubscribes', async () => {
    const pubSub: LivePubSub = new PubSub();
    const live = await subscribeLive<number>(pubSub, 't');
    const pending = live.next();
    await live.return?.();
    expect(await pending).toEqual({ value: undefined, done: true });
    await pubSub.publish('t', 3);
    expect(await live.next()).toEqual({ value: undefined, done: true });
  });
});

describe('prependItems', () => {
  it('yields the stored items first, then the live ones it keeps', async () => {
    const pubSub: LivePubSub = new PubSub();
    const live = await subscribeLive<number>(pubSub, 't');
    const items = prependItems([1, 2], live, (value) => value > 2);
    await pubSub.publish('t', 2);
    await pubSub.publish('t', 3);
    const seen = [await items.next(), await items.next(), await items.next()].map((result) => result.value);
    expect(seen).toEqual([1, 2, 3]);
    await items.return?.();
    expect((await items.next()).done).toBe(true);
  });
});

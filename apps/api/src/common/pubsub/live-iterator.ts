import type { PubSub } from 'graphql-subscriptions';

export type LivePubSub = PubSub<Record<string, unknown>>;

/** How many undelivered messages a slow subscriber may accumulate before its subscription is ended. */
const MAX_BUFFERED = 10_000;

/**
 * Subscribes to a trigger right away (unlike PubSub's own iterator, which waits for the first `next`),
 * so nothing published after this resolves is missed. `return()` ends a pending `next()` at once.
 */
export async function subscribeLive<T>(pubSub: LivePubSub, trigger: string): Promise<AsyncIterableIterator<T>> {
  const buffer: T[] = [];
  const pulls: ((result: IteratorResult<T>) => void)[] = [];
  let finished = false;
  const subscription: { id?: number } = {};

  const finish = async (): Promise<IteratorResult<T>> => {
    if (!finished) {
      finished = true;
      if (subscription.id !== undefined) pubSub.unsubscribe(subscription.id);
      buffer.length = 0;
      for (const pull of pulls.splice(0)) pull({ value: undefined, done: true });
    }
    return { value: undefined, done: true };
  };

  subscription.id = await pubSub.subscribe(trigger, (payload: T) => {
    if (finished) return;
    const pull = pulls.shift();
    if (pull) pull({ value: payload, done: false });
    else if (buffer.length < MAX_BUFFERED) buffer.push(payload);
    else void finish();
  });

  const iterator: AsyncIterableIterator<T> = {
    next: () => {
      if (buffer.length > 0) return Promise.resolve({ value: buffer.shift() as T, done: false });
      if (finished) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => pulls.push(resolve));
    },
    return: finish,
    throw: async (error: unknown) => {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/** Yields `first`, then the live items that `keep` accepts; ending it ends the live subscription. */
export function prependItems<T>(
  first: readonly T[],
  live: AsyncIterableIterator<T>,
  keep: (item: T) => boolean,
): AsyncIterableIterator<T> {
  let index = 0;
  const end = async (): Promise<IteratorResult<T>> => {
    index = first.length;
    return live.return ? live.return() : { value: undefined, done: true };
  };
  const iterator: AsyncIterableIterator<T> = {
    next: async () => {
      if (index < first.length) return { value: first[index++] as T, done: false };
      for (;;) {
        const result = await live.next();
        if (result.done || keep(result.value)) return result;
      }
    },
    return: end,
    throw: async (error: unknown) => {
      await end();
      throw error;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/** Yields `map(item)` for each item of `source` (awaited, in order); ending it ends the source. */
export function mapItems<T, U>(source: AsyncIterableIterator<T>, map: (item: T) => U | Promise<U>): AsyncIterableIterator<U> {
  const end = async (): Promise<IteratorResult<U>> => {
    await source.return?.();
    return { value: undefined, done: true };
  };
  const iterator: AsyncIterableIterator<U> = {
    next: async () => {
      const result = await source.next();
      if (result.done) return { value: undefined, done: true };
      return { value: await map(result.value), done: false };
    },
    return: end,
    throw: async (error: unknown) => {
      await end();
      throw error;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

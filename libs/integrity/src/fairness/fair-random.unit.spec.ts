import fc from 'fast-check';
import { commitTo, newNonce, stateChecksum } from './commitment';
import { drawCounter, fairInt, fairRandom, isSeed, newSeed, recordingRandom, seedCommitment } from './fair-random';
import { scriptedRandom } from '@corbeille/kernel';

// Bytes 0x00..0x1f; the expected values below were computed independently (openssl dgst -mac HMAC, Python's hmac).
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('provably fair draws', () => {
  it('commits to a seed with SHA-256 of its bytes', () => {
    expect(seedCommitment(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it('derives a die from HMAC-SHA-256(seed, "<counter>/<attempt>") (known vector)', () => {
    // HMAC(seed, "3:0/0") = 16cc8b9f7994..., first 6 bytes 25067771623828; 25067771623828 mod 6 = 4, so 5.
    expect(fairInt(SEED, '3:0', 1, 6)).toBe(5);
    expect(fairInt(SEED, '3:1', 1, 6)).toBe(4);
    expect(fairInt(SEED, '0:0', 1, 6)).toBe(1);
  });

  it('rejects a candidate in the incomplete last block instead of reducing it modulo the range', () => {
    // n = 2^47 + 1: attempt 0 of "2:0" gives 177684828539301 >= n (a modulo would give 36947340183972);
    // attempt 1 gives 112926620057455, which is kept.
    expect(fairInt(SEED, '2:0', 0, 2 ** 47)).toBe(112926620057455);
  });

  it('stays in range, is deterministic and refuses bad ranges or seeds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 500 }), fc.nat(10_000), (min, width, counter) => {
        const value = fairInt(SEED, String(counter), min, min + width);
        expect(value).toBeGreaterThanOrEqual(min);
        expect(value).toBeLessThanOrEqual(min + width);
        expect(fairInt(SEED, String(counter), min, min + width)).toBe(value);
      }),
      { numRuns: 200 },
    );
    expect(() => fairInt(SEED, '0:0', 2, 1)).toThrow('Invalid random range');
    expect(() => fairInt('00', '0:0', 1, 6)).toThrow('A seed is 32 bytes');
  });

  it('is close to uniform on a die', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i += 1) {
      const face = fairInt(SEED, drawCounter(i, 0), 1, 6);
      counts[face - 1] = (counts[face - 1] ?? 0) + 1;
    }
    for (const count of counts) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });

  it('records each draw with its counter: the revision of the command\'s first event and the draw index', () => {
    const random = fairRandom(SEED, 3);
    expect([random.int(1, 6), random.int(1, 6)]).toEqual([5, 4]);
    expect(random.draws).toEqual([
      { index: '3:0', min: 1, max: 6, value: 5 },
      { index: '3:1', min: 1, max: 6, value: 4 },
    ]);
    const recorded = recordingRandom(scriptedRandom([2]), 7);
    expect(recorded.int(1, 6)).toBe(2);
    expect(recorded.draws).toEqual([{ index: '7:0', min: 1, max: 6, value: 2 }]);
  });

  it('draws fresh seeds', () => {
    const seed = newSeed();
    expect(isSeed(seed)).toBe(true);
    expect(newSeed()).not.toBe(seed);
  });
});

describe('commitments and checksums', () => {
  it('commit to a value with a nonce, so equal plans do not give equal hashes', () => {
    const plan = { buy: { A: 2 } };
    const nonce = newNonce();
    expect(commitTo(plan, nonce)).toBe(commitTo({ buy: { A: 2 } }, nonce));
    expect(commitTo(plan, nonce)).not.toBe(commitTo({ buy: { A: 3 } }, nonce));
    expect(commitTo(plan, newNonce())).not.toBe(commitTo(plan, nonce));
  });

  it('checksum canonical JSON, whatever the key order', () => {
    expect(stateChecksum({ a: 1, b: [1, 2] })).toBe(stateChecksum({ b: [1, 2], a: 1 }));
    expect(stateChecksum({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});

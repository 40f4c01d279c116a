// The transposition table (src/search/driver/table.ts): it starts small and doubles up to the size
// `--memory` allows, keeping every key; full, it refuses new keys and still knows the old ones;
// clearing forgets every key at once and puts a grown table back to its first size.
import { describe, it, expect } from 'vitest';
import { BYTES_PER_SLOT, FOUND, NO_ROOM, Table } from '../../src/search/driver/table.js';

const INSERTED = 0;
const key = (i: number): [number, number] => [Math.imul(i, 0x9e3779b1) >>> 0, (i * 7 + 3) >>> 0];

function insertAll(t: Table, from: number, to: number): number[] {
  const answers: number[] = [];
  for (let i = from; i < to; i++) answers.push(t.insert(...key(i)));
  return answers;
}

describe('transposition table', () => {
  it('starts small and doubles as it fills, keeping every key', () => {
    const t = new Table(8);
    expect(BYTES_PER_SLOT).toBe(8);
    expect(t.maxSlots).toBe(1 << 20);
    expect(t.slots).toBe(1 << 16);
    expect(insertAll(t, 0, 600_000).every((a) => a === INSERTED)).toBe(true);
    expect(t.slots).toBe(1 << 20);
    expect(t.count).toBe(600_000);
    expect(insertAll(t, 0, 600_000).every((a) => a === FOUND)).toBe(true);
  });

  it('at 75 % of its full size refuses new keys, and still finds the old ones', () => {
    const t = new Table(8);
    const limit = (1 << 20) * 0.75;
    expect(insertAll(t, 0, limit).every((a) => a === INSERTED)).toBe(true);
    expect(insertAll(t, limit, limit + 10)).toEqual(Array(10).fill(NO_ROOM));
    expect(insertAll(t, 0, limit).every((a) => a === FOUND)).toBe(true);
  });

  it('the smallest table (--memory 0) holds 768 keys and never grows', () => {
    const t = new Table(0);
    expect(insertAll(t, 0, 768).every((a) => a === INSERTED)).toBe(true);
    expect(t.insert(...key(768))).toBe(NO_ROOM);
    expect(t.slots).toBe(1024);
  });

  it('clearing forgets every key, and a grown table starts small again and grows back', () => {
    const t = new Table(8);
    insertAll(t, 0, 100_000);
    const grown = t.slots;
    expect(grown).toBeGreaterThan(1 << 16);
    t.clear();
    expect(t.count).toBe(0);
    expect(t.slots).toBe(1 << 16);
    expect(insertAll(t, 0, 100_000).every((a) => a === INSERTED)).toBe(true);
    expect(t.slots).toBe(grown);
  });

  it('holds the key 0:0 (the empty-slot mark) like any other, and forgets it on a clear', () => {
    const t = new Table(1);
    expect(t.insert(0, 0)).toBe(INSERTED);
    expect(t.insert(0, 0)).toBe(FOUND);
    expect(t.insert(0, 1)).toBe(INSERTED);
    t.clear();
    expect(t.insert(0, 0)).toBe(INSERTED);
  });

  it('8 GB of --memory give 2^30 slots (805 million keys), at 8 bytes a slot', () => {
    const t = new Table(8192);
    expect(t.maxSlots).toBe(2 ** 30);
    expect(t.limit).toBe(Math.floor(2 ** 30 * 0.75));
  });
});

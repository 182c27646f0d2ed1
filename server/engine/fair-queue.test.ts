import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.ts';

/** Shifts until empty, as the pool would hand tasks to workers. */
const order = (queue: FairQueue<string>) => {
  const out: string[] = [];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) out.push(item);
  return out;
};

describe('FairQueue', () => {
  it('serves tenants in turn, one task each per round, each tenant first in first out', () => {
    const queue = new FairQueue<string>();
    for (const [tenant, item] of [['a', 'a1'], ['a', 'a2'], ['a', 'a3'], ['b', 'b1'], ['c', 'c1'], ['c', 'c2']]) queue.push(tenant!, item!);
    expect(queue.size).toBe(6);
    expect(order(queue)).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3']);
    expect(queue.size).toBe(0);
  });

  it('puts a lone task of a new tenant next after the round under way, however many another has queued', () => {
    const queue = new FairQueue<string>();
    for (let i = 1; i <= 100; i++) queue.push('heavy', `h${i}`);
    expect(queue.shift()).toBe('h1');
    queue.push('light', 'l1');
    expect(queue.shift()).toBe('l1');
    expect(queue.shift()).toBe('h2');
    expect(queue.size).toBe(98);
  });

  it('sends a tenant that submits again in the round it was served to the next round, behind those not yet served', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1');
    queue.push('b', 'b1');
    expect(queue.shift()).toBe('a1');
    // a has nothing waiting now, but it was served in this round: c, new, goes first.
    queue.push('a', 'a2');
    queue.push('c', 'c1');
    expect(order(queue)).toEqual(['b1', 'c1', 'a2']);
  });

  it('once nothing waits, remembers only the tenant served last: it goes after a newcomer, the others in the order they submit', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1');
    queue.push('b', 'b1');
    expect(order(queue)).toEqual(['a1', 'b1']);
    queue.push('b', 'b2');
    queue.push('a', 'a2');
    queue.push('c', 'c1');
    expect(order(queue)).toEqual(['a2', 'c1', 'b2']);
  });

  it('drains every waiting task of every tenant and starts over empty', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1');
    queue.push('b', 'b1');
    queue.push('a', 'a2');
    expect(queue.drain().sort()).toEqual(['a1', 'a2', 'b1']);
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeUndefined();
    queue.push('b', 'b2');
    expect(order(queue)).toEqual(['b2']);
  });
});

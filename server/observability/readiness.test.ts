import { describe, expect, it } from 'vitest';
import { Readiness } from './readiness.ts';

describe('Readiness', () => {
  it('is not ready while starting, ready once serving, and not ready again while draining, telling its listeners each change once', () => {
    const readiness = new Readiness();
    const heard: boolean[] = [];
    readiness.onChange((ready) => heard.push(ready));
    expect([readiness.ready, readiness.notReady]).toEqual([false, ['starting']]);
    readiness.serving();
    readiness.serving();
    expect([readiness.ready, readiness.notReady]).toEqual([true, []]);
    readiness.draining();
    expect([readiness.ready, readiness.notReady]).toEqual([false, ['draining']]);
    // Draining is final: a late serving() does not undo it.
    readiness.serving();
    expect(readiness.phase).toBe('draining');
    expect(heard).toEqual([true, false]);
  });

  it('follows the last check while serving, and stops telling a listener that unsubscribed', () => {
    const readiness = new Readiness('serving');
    const heard: boolean[] = [];
    const stop = readiness.onChange((ready) => heard.push(ready));
    readiness.checked(['database', 'migrations']);
    expect([readiness.ready, readiness.notReady]).toEqual([false, ['database', 'migrations']]);
    readiness.checked(['database']);
    readiness.checked([]);
    expect(readiness.ready).toBe(true);
    stop();
    readiness.checked(['engine']);
    expect(heard).toEqual([false, true]);
    // Draining names only itself, whatever the last check found.
    readiness.draining();
    expect(readiness.notReady).toEqual(['draining']);
  });
});

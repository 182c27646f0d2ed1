/** After a server operation, the performance figures and the history are out of date (docs/product.md §7). */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export function useServerRefresh() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: ['/api/crypto/performance'] });
    void client.invalidateQueries({ queryKey: ['/api/crypto/operations'] });
  }, [client]);
}

/** Runs `fn` and returns its value with the wall time it took, as the page experiences it. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

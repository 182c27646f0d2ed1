/** TanStack Query defaults of docs/product.md §7: no retries, no refetch on focus, data never stale. */
import { QueryClient } from '@tanstack/react-query';
import { getJson } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getJson,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});

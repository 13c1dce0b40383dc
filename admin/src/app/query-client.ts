import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast, type ToastMessage } from '../components/ui/use-toast.ts';
import { isApiError } from '../lib/api-client.ts';
import { authStatusQueryKey, SIGNED_OUT } from '../features/auth/index.ts';

type ToastMeta = ToastMessage | ((data: unknown, variables: unknown) => ToastMessage);

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Shown when the query fails; the server's message becomes the description when none is given. */
      errorToast?: ToastMessage;
    };
    mutationMeta: {
      successToast?: ToastMeta;
      errorToast?: ToastMessage;
      /** The caller shows errors itself (the login form); skip the toast and the 401 handling. */
      inlineErrors?: boolean;
    };
  }
}

/**
 * The app's query client: cached data never goes stale, no refetch on focus, no polling, no retries (every change
 * the admin makes invalidates what it affects).
 * All UI reactions to server answers live here: toasts, and a 401 anywhere returns to the login screen
 * (by marking the session signed out; the auth gate renders the login form in place, and the editor keeps its
 * unsaved draft in localStorage, so nothing typed is lost).
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (handleUnauthorized(error)) return;
        const meta = query.meta?.errorToast;
        if (meta) toast({ ...meta, description: meta.description ?? describe(error) });
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: (data, variables, _context, mutation) => {
        const meta = mutation.meta?.successToast;
        if (meta) toast(typeof meta === 'function' ? meta(data, variables) : meta);
      },
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.inlineErrors) return;
        if (handleUnauthorized(error)) return;
        const meta = mutation.meta?.errorToast;
        toast({
          title: meta?.title ?? 'Error',
          description: meta?.description ?? describe(error),
          variant: meta?.variant ?? 'destructive',
        });
      },
    }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });

  function handleUnauthorized(error: Error): boolean {
    if (!isApiError(error) || error.status !== 401) return false;
    queryClient.setQueryData(authStatusQueryKey, SIGNED_OUT);
    toast({ title: 'Session expired', description: 'Please log in again. Your unsaved changes are kept.' });
    return true;
  }

  return queryClient;
}

function describe(error: Error): string {
  return isApiError(error) ? (error.detail ?? error.message) : error.message;
}

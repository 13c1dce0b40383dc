import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { useToastStore } from '../components/ui/use-toast.ts';
import { authStatusQueryKey } from '../features/auth/index.ts';
import { createQueryClient } from './query-client.ts';

const unauthorized = () =>
  new ApiError(401, 'Unauthorized', { error: 'Authentication required' }, '{"error":"Authentication required"}');

beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('the query client', () => {
  it('never goes stale, never refetches on focus, never retries', () => {
    const options = createQueryClient().getDefaultOptions();
    expect(options.queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, retry: false });
    expect(options.mutations).toMatchObject({ retry: false });
  });

  it('returns to the login screen on a 401 from any query', async () => {
    const client = createQueryClient();
    client.setQueryData(authStatusQueryKey, { authenticated: true, admin: 'admin' });
    await client.fetchQuery({ queryKey: ['posts'], queryFn: () => Promise.reject(unauthorized()) }).catch(() => {});
    expect(client.getQueryData(authStatusQueryKey)).toEqual({ authenticated: false, admin: null });
  });

  it('returns to the login screen on a 401 from a mutation, but not from the login form itself', async () => {
    const client = createQueryClient();
    client.setQueryData(authStatusQueryKey, { authenticated: true, admin: 'admin' });
    const login = client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(unauthorized()), meta: { inlineErrors: true } });
    await login.execute(undefined).catch(() => {});
    expect(client.getQueryData(authStatusQueryKey)).toEqual({ authenticated: true, admin: 'admin' });

    const save = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(unauthorized()) });
    await save.execute(undefined).catch(() => {});
    expect(client.getQueryData(authStatusQueryKey)).toEqual({ authenticated: false, admin: null });
  });

  it('shows a mutation’s success and error toasts, with the server’s message as the detail', async () => {
    const client = createQueryClient();
    const ok = client
      .getMutationCache()
      .build(client, { mutationFn: async () => 1, meta: { successToast: { title: 'Post deleted successfully' } } });
    await ok.execute(undefined);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Post deleted successfully' });

    const failing = client.getMutationCache().build(client, {
      mutationFn: () =>
        Promise.reject(
          new ApiError(400, 'Bad Request', { error: 'Title is required' }, '{"error":"Title is required"}'),
        ),
      meta: { errorToast: { title: 'Failed to create post', variant: 'destructive' } },
    });
    await failing.execute(undefined).catch(() => {});
    // One toast at a time: the newest replaces the last.
    expect(useToastStore.getState().toasts).toEqual([
      expect.objectContaining({
        title: 'Failed to create post',
        description: 'Title is required',
        variant: 'destructive',
      }),
    ]);
  });
});

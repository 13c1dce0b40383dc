import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function logout(): Promise<void> {
  return apiRequest('/auth/logout', { method: 'POST' });
}

/** Signs out, then leaves for the public site with a full navigation (logout goes to /). */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    meta: { errorToast: { title: 'Logout failed', variant: 'destructive' } },
    onSuccess: () => {
      window.location.assign('/');
    },
  });
}

import { lazy, Suspense, useRef } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { useToastStore } from '../components/ui/use-toast.ts';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';

const queryClient = createQueryClient();

// The toast region (Radix Toast) loads with the first toast: the login form shows its errors inline.
const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

function ToastHost() {
  const raised = useRef(false);
  const showing = useToastStore((s) => s.toasts.length > 0);
  if (showing) raised.current = true;
  return raised.current ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/admin">
        <AppRoutes />
      </BrowserRouter>
      <ToastHost />
    </QueryClientProvider>
  );
}

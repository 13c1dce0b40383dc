import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/toaster.tsx';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { createQueryClient } from './query-client.ts';
import { router } from './router.tsx';

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

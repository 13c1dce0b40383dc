import { lazy } from 'react';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { EditorPage } from '../features/editor/index.ts';

// The AI Expert Writers tab loads when the editor opens it; the editor shows it inside a Suspense boundary.
const AiWritersTab = lazy(() =>
  import('../features/ai-writers/ai-writers-tab.tsx').then((m) => ({ default: m.AiWritersTab })),
);

/** The editor screen, loaded on demand with what only it needs (the toolbar's tooltips). */
export function EditorRoute() {
  return (
    <TooltipProvider>
      <EditorPage aiWriters={AiWritersTab} />
    </TooltipProvider>
  );
}

import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { EditorPage } from '../features/editor/editor-page.tsx';
import { slots } from './slots.tsx';

/** The editor screen, loaded on demand with what only it needs (the toolbar's tooltips). */
export function EditorRoute() {
  return (
    <TooltipProvider>
      <EditorPage aiWriters={slots.AiWritersTab} />
    </TooltipProvider>
  );
}

/**
 * Extension points for features built in other issues. Each slot is filled here and only here:
 * to ship a feature, replace its entry with the real component (ideally `lazy(() => import(...))`,
 * since every slot renders inside a Suspense boundary). Nothing else in the app needs editing.
 *
 *   automation    → src/features/automation      (dashboard tab "automation")
 *   performance   → src/features/performance     (dashboard tab "performance")
 *   workflows     → src/features/workflows       (dashboard tab "workflows")
 *   notifications → src/features/notifications   (dashboard header, beside Logout)
 *   ai-writers    → src/features/ai-writers      (post editor tab "AI Expert Writers")
 */
import { lazy, type ComponentType } from 'react';
import type { AiWritersSlotProps } from '../lib/editor-prefill.ts';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';

export interface Slots {
  AutomationTab: ComponentType;
  PerformanceTab: ComponentType;
  WorkflowsTab: ComponentType;
  /** Rendered in the dashboard header; render nothing until notifications exist. */
  NotificationBell: ComponentType;
  AiWritersTab: ComponentType<AiWritersSlotProps>;
}

const AutomationTab = lazy(() =>
  import('../features/automation/automation-tab.tsx').then((m) => ({ default: m.AutomationTab })),
);
const AiWritersTab = lazy(() =>
  import('../features/ai-writers/ai-writers-tab.tsx').then((m) => ({ default: m.AiWritersTab })),
);

const PerformanceTab = lazy(() =>
  import('../features/performance/performance-tab.tsx').then((m) => ({ default: m.PerformanceTab })),
);
const WorkflowsTab = lazy(() =>
  import('../features/workflows/workflows-tab.tsx').then((m) => ({ default: m.WorkflowsTab })),
);

export const slots: Slots = {
  AutomationTab,
  PerformanceTab,
  WorkflowsTab,
  // Not lazy: the header renders it outside any Suspense boundary, and it is small.
  NotificationBell,
  AiWritersTab,
};

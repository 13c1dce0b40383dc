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
import type { ComponentType } from 'react';
import { UnavailablePanel } from '../components/unavailable-panel.tsx';
import type { AiWritersSlotProps } from '../lib/editor-prefill.ts';

export interface Slots {
  AutomationTab: ComponentType;
  PerformanceTab: ComponentType;
  WorkflowsTab: ComponentType;
  /** Rendered in the dashboard header; render nothing until notifications exist. */
  NotificationBell: ComponentType;
  AiWritersTab: ComponentType<AiWritersSlotProps>;
}

function NoNotificationBell() {
  return null;
}

export const slots: Slots = {
  AutomationTab: UnavailablePanel,
  PerformanceTab: UnavailablePanel,
  WorkflowsTab: UnavailablePanel,
  NotificationBell: NoNotificationBell,
  AiWritersTab: UnavailablePanel,
};

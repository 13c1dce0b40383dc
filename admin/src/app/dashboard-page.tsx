import { lazy, Suspense, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { PostsOverview } from '../features/posts/index.ts';
import { UnsavedCopies } from '../features/editor/index.ts';
import { DashboardHeader } from './dashboard-header.tsx';
import { DASHBOARD_TABS, tabPath, type DashboardTab } from './dashboard-tabs.ts';
import { PanelLoading } from '../components/panel-loading.tsx';
import { TooltipProvider } from '../components/ui/tooltip.tsx';

// Every tab but the default one loads on demand (the initial JavaScript has a budget). Each is split off by
// its own module, not its feature's index.ts: a dynamic import keeps every export of the module it names.
const AutomationTab = lazy(() =>
  import('../features/automation/automation-tab.tsx').then((m) => ({ default: m.AutomationTab })),
);
const AnalyticsPanel = lazy(() =>
  import('../features/analytics/analytics-panel.tsx').then((m) => ({ default: m.AnalyticsPanel })),
);
const PerformanceTab = lazy(() =>
  import('../features/performance/performance-tab.tsx').then((m) => ({ default: m.PerformanceTab })),
);
const SchedulerPanel = lazy(() =>
  import('../features/scheduler/scheduler-panel.tsx').then((m) => ({ default: m.SchedulerPanel })),
);
const TemplatesPanel = lazy(() =>
  import('../features/templates/templates-panel.tsx').then((m) => ({ default: m.TemplatesPanel })),
);
const WorkflowsTab = lazy(() =>
  import('../features/workflows/workflows-tab.tsx').then((m) => ({ default: m.WorkflowsTab })),
);
const SeoPanel = lazy(() => import('../features/seo/seo-panel.tsx').then((m) => ({ default: m.SeoPanel })));
const PublishingPanel = lazy(() =>
  import('../features/build/publishing-panel.tsx').then((m) => ({ default: m.PublishingPanel })),
);

/**
 * The Overview tab: Publishing (how the live site stands, its builds, Retry build) above the posts whose changes
 * it publishes, where the header's build line points the eye. It loads on demand and never holds up the posts.
 */
function OverviewTab() {
  return (
    <div className="grid gap-8">
      <UnsavedCopies />
      <Suspense fallback={null}>
        <PublishingPanel />
      </Suspense>
      <PostsOverview />
    </div>
  );
}

const PANELS: Record<DashboardTab, ComponentType> = {
  overview: OverviewTab,
  automation: AutomationTab,
  analytics: AnalyticsPanel,
  performance: PerformanceTab,
  scheduler: SchedulerPanel,
  templates: TemplatesPanel,
  workflows: WorkflowsTab,
  seo: SeoPanel,
};

/** The dashboard: header and the eight tabs; the active tab lives in the address (/admin/{tab}). */
export function DashboardPage({ tab }: { tab: DashboardTab }) {
  const navigate = useNavigate();
  const Panel = PANELS[tab];
  return (
    <TooltipProvider>
      <div className="min-h-screen">
        <DashboardHeader />
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
          <Tabs
            value={tab}
            onValueChange={(value) => {
              const next = DASHBOARD_TABS.find((t) => t.value === value);
              if (next) void navigate(tabPath(next.value));
            }}
          >
            <TabsList aria-label="Dashboard sections">
              {DASHBOARD_TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value}>
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value={tab}>
              <Suspense fallback={<PanelLoading />}>
                <Panel />
              </Suspense>
            </TabsContent>
          </Tabs>
        </main>
      </div>
    </TooltipProvider>
  );
}

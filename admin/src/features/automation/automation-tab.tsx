import { useAutomationStatus } from './api/get-automation-status.ts';
import { GenerateCard } from './generate-card.tsx';
import { RecentRuns } from './recent-runs.tsx';
import { AutomationSettings, WeeklyScheduleCard } from './schedule-settings.tsx';
import { StatusCards } from './status-cards.tsx';
import { TopicQueue } from './topic-queue.tsx';
import { formatInstant, scheduleDayAt } from './weekly-schedule.ts';

/** The Automation tab: status cards, manual generation, the weekly schedule, settings and topics. */
export function AutomationTab() {
  const status = useAutomationStatus();
  const today = scheduleDayAt(new Date());
  const loading = status.isPending;
  return (
    <section aria-labelledby="automation-heading" className="grid gap-6">
      <h2 id="automation-heading" className="text-xl font-semibold">
        Automation
      </h2>
      <StatusCards status={status.data} loading={loading} today={today} />
      <GenerateCard />
      <div className="grid gap-6 lg:grid-cols-2">
        <WeeklyScheduleCard today={today} />
        <AutomationSettings
          paused={status.data?.paused ?? false}
          loading={loading}
          nextRun={formatInstant(status.data?.nextRun)}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TopicQueue />
        <RecentRuns />
      </div>
    </section>
  );
}

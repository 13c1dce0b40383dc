import { lazy, Suspense } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { AuthGate, LoginRoute } from '../features/auth/index.ts';
import { DASHBOARD_TABS, type DashboardTab } from './dashboard-tabs.ts';
import { NotFound } from '../components/not-found.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { PageLoading } from '../components/page-loading.tsx';

// Every screen loads on demand (the initial load is the login form's, held to its script budget): the editor
// (markdown toolbar and preview) is the heaviest, the dashboard (tabs, posts, the notification bell's popover) the
// most used.
const EditorRoute = lazy(() => import('./editor-route.tsx').then((m) => ({ default: m.EditorRoute })));
const DashboardPage = lazy(() => import('./dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));

function LazyEditor() {
  return (
    <Suspense fallback={<PageLoading label="Loading editor..." />}>
      <EditorRoute />
    </Suspense>
  );
}

// The Security screen (QR codes, sessions, the log) is for now and then: load it on demand too.
const SecurityPage = lazy(() =>
  import('../features/security/security-page.tsx').then((m) => ({ default: m.SecurityPage })),
);

function LazySecurity() {
  return (
    <Suspense fallback={<PageLoading label="Loading security settings..." />}>
      <SecurityPage />
    </Suspense>
  );
}

// The Inbox of reader messages: a screen of its own, linked from the dashboard header with its unread count.
const InboxPage = lazy(() => import('../features/inbox/inbox-page.tsx').then((m) => ({ default: m.InboxPage })));

function LazyInbox() {
  return (
    <Suspense fallback={<PageLoading label="Loading inbox..." />}>
      <InboxPage />
    </Suspense>
  );
}

// The Media screen (the image library): a screen of its own, linked from the dashboard header.
const MediaPage = lazy(() => import('../features/media/media-page.tsx').then((m) => ({ default: m.MediaPage })));

function LazyMedia() {
  return (
    <Suspense fallback={<PageLoading label="Loading media..." />}>
      <MediaPage />
    </Suspense>
  );
}

// The mail outbox (mail kept when no SMTP server is configured): linked from the Inbox.
const OutboxPage = lazy(() => import('../features/mail/outbox-page.tsx').then((m) => ({ default: m.OutboxPage })));

function LazyOutbox() {
  return (
    <Suspense fallback={<PageLoading label="Loading outbox..." />}>
      <OutboxPage />
    </Suspense>
  );
}

function DashboardTabRoute() {
  const { tab = 'overview' } = useParams();
  const known = DASHBOARD_TABS.find((t) => t.value === tab);
  if (!known) return <NotFound />;
  return (
    <Suspense fallback={<PageLoading label="Loading dashboard..." />}>
      <DashboardPage tab={known.value satisfies DashboardTab} />
    </Suspense>
  );
}

/**
 * Routes under /admin: the dashboard (one path per tab), the editor, the Security, Inbox and Media screens, and the
 * login screen.
 * Declarative routes (no data router: nothing here loads data through the router), so the router's data layer stays
 * out of the admin's initial load; a screen that throws shows RouteErrorBoundary instead of a blank page.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route path="login" element={<LoginRoute />} />
        <Route element={<AuthGate />}>
          <Route path="create" element={<LazyEditor />} />
          <Route path="edit/:id" element={<LazyEditor />} />
          {/* Not a ninth tab (the dashboard has eight): a screen of its own, linked from the dashboard header. */}
          <Route path="security" element={<LazySecurity />} />
          <Route path="inbox/:id?" element={<LazyInbox />} />
          <Route path="media/:id?" element={<LazyMedia />} />
          <Route path="outbox" element={<LazyOutbox />} />
          {/* One route for every tab (overview at /admin), so switching tabs keeps the page (and focus) mounted. */}
          <Route path=":tab?" element={<DashboardTabRoute />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

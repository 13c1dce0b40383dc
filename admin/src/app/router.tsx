import { lazy, Suspense } from 'react';
import { createBrowserRouter, useParams } from 'react-router';
import { AuthGate } from '../features/auth/auth-gate.tsx';
import { LoginRoute } from '../features/auth/login-route.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { DASHBOARD_TABS, type DashboardTab } from './dashboard-tabs.ts';
import { NotFound } from '../components/not-found.tsx';
import { RouteError } from '../components/route-error.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { slots } from './slots.tsx';

// The editor (with its markdown toolbar and preview) is the heaviest screen: load it on demand.
const EditorPage = lazy(() => import('../features/editor/editor-page.tsx').then((m) => ({ default: m.EditorPage })));

function LazyEditor() {
  return (
    <Suspense fallback={<PageLoading label="Loading editor..." />}>
      <EditorPage aiWriters={slots.AiWritersTab} />
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

function DashboardTabRoute() {
  const { tab = 'overview' } = useParams();
  const known = DASHBOARD_TABS.find((t) => t.value === tab);
  return known ? <DashboardPage tab={known.value satisfies DashboardTab} /> : <NotFound />;
}

/** Routes under /admin: the dashboard (one path per tab), the editor, the Security screen, and the login screen. */
export const router = createBrowserRouter(
  [
    { path: 'login', element: <LoginRoute />, errorElement: <RouteError /> },
    {
      element: <AuthGate />,
      errorElement: <RouteError />,
      children: [
        { path: 'create', element: <LazyEditor /> },
        { path: 'edit/:id', element: <LazyEditor /> },
        // Not a ninth tab (spec §2 fixes eight): a screen of its own, linked from the dashboard header.
        { path: 'security', element: <LazySecurity /> },
        { path: 'inbox/:id?', element: <LazyInbox /> },
        // One route for every tab (overview at /admin), so switching tabs keeps the page (and keyboard focus) mounted.
        { path: ':tab?', element: <DashboardTabRoute /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);

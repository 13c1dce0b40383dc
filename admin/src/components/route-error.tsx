import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from './ui/button.tsx';

/** A code chunk that no longer exists on the server: the admin was rebuilt while this tab was open. */
function isStaleChunk(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

/** What a route shows when rendering it throws, instead of a blank page. */
export function RouteError({ error }: { error: unknown }) {
  const stale = isStaleChunk(error);
  const detail = error instanceof Error ? error.message : '';
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">
        {stale ? 'A new version of the admin is available' : 'Something went wrong'}
      </h1>
      <p className="max-w-md text-muted-foreground">
        {stale
          ? 'Reload the page to continue. Unsaved editor content is kept.'
          : `This screen failed to load${detail ? `: ${detail}` : '.'} Unsaved editor content is kept.`}
      </p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}

class Boundary extends Component<{ children: ReactNode; path: string }, { error: unknown; path: string }> {
  override state = { error: undefined as unknown, path: this.props.path };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // Moving to another screen leaves the failed one behind.
  static getDerivedStateFromProps(props: { path: string }, state: { error: unknown; path: string }) {
    return props.path === state.path ? null : { error: undefined, path: props.path };
  }

  override render() {
    return this.state.error !== undefined ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Catches a screen that throws while rendering (or whose code chunk is gone) and shows RouteError. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary path={pathname}>{children}</Boundary>;
}

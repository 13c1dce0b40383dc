import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from './ui/button.tsx';

/**
 * The header of a screen of its own (the editor, the Inbox, Security): the way back to the dashboard and the
 * screen's title, then what the screen shows beside the title (`children`) and its actions on the right.
 */
export function ScreenHeader({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild variant="ghost" size="sm">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              Back to Dashboard
            </Link>
          </Button>
          <h1 className="text-xl font-bold">{title}</h1>
          {children}
        </div>
        {actions}
      </div>
    </header>
  );
}

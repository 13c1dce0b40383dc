import { Link } from 'react-router';
import { Button } from './ui/button.tsx';

export function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">This admin page does not exist.</p>
      <Button asChild>
        <Link to="/">Back to the dashboard</Link>
      </Button>
    </main>
  );
}

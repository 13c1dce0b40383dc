import { formatInZone } from 'content-schema/zoned-time';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useCancelScheduledPost } from './api/cancel-scheduled-post.ts';
import { useScheduledPosts } from './api/get-scheduled-posts.ts';
import { statusVariant } from './schedule-view.ts';

/** The scheduled posts, each at its time in the zone it was scheduled in; a pending one can be cancelled. */
export function ScheduledPostsList() {
  const scheduled = useScheduledPosts();
  const cancel = useCancelScheduledPost();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Scheduled Posts</CardTitle>
        <CardDescription>Times are shown in the zone each post was scheduled in.</CardDescription>
      </CardHeader>
      <CardContent aria-busy={scheduled.isPending}>
        {scheduled.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : scheduled.isError ? (
          <p className="text-sm text-muted-foreground">Could not load scheduled posts.</p>
        ) : scheduled.data.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No posts scheduled</p>
        ) : (
          <ul className="grid gap-3">
            {scheduled.data.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{row.postTitle}</p>
                  <p className="text-sm text-muted-foreground">
                    <time dateTime={row.publishDate}>{formatInZone(row.publishDate, row.timezone)}</time> ·{' '}
                    {row.timezone}
                  </p>
                  {row.error ? <p className="text-sm text-destructive">{row.error}</p> : null}
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant={statusVariant(row.status)}>{row.status}</Badge>
                  {row.status === 'scheduled' ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={cancel.isPending && cancel.variables === row.id}
                      onClick={() => cancel.mutate(row.id)}
                      aria-label={`Cancel schedule for ${row.postTitle}`}
                    >
                      Cancel
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The honest placeholder for a slot whose feature has not been built yet. */
export function UnavailablePanel() {
  return (
    <p
      role="status"
      className="rounded-lg border border-dashed bg-background p-8 text-center text-sm text-muted-foreground"
    >
      This panel is not available yet.
    </p>
  );
}

import { useEffect, useRef } from 'react';
import { Copy, Download } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { recoveryCodesFile } from './recovery-codes-file.ts';

const FILE_NAME = 'northwire-recovery-codes.txt';

/** The ten recovery codes, shown once, with ways to keep them: copy, download. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The codes replace the form that produced them: move focus (and the screen reader) to them.
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Recovery codes copied', description: 'Paste them somewhere safe.' });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the codes and copy them by hand.', variant: 'destructive' });
    }
  }

  function download() {
    const blob = new Blob([recoveryCodesFile(codes, 'Northwire', new Date())], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <div className="grid gap-4 rounded-md border border-warning/40 p-4">
      <div className="grid gap-1">
        <h3 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
          Your recovery codes
        </h3>
        <p className="text-sm text-muted-foreground">
          Each code signs you in once if you lose your authenticator. Save them now: they will not be shown again.
        </p>
      </div>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:max-w-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

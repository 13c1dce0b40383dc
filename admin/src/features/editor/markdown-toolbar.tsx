import { Toolbar } from 'radix-ui';
import { Bold, Code, Image, Italic, Link2, List, Quote, type LucideIcon } from 'lucide-react';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import type { MarkdownCommand } from './markdown-commands.ts';

export const TOOLBAR_ACTIONS: { command: MarkdownCommand; label: string; icon: LucideIcon; shortcut?: string }[] = [
  { command: 'bold', label: 'Bold', icon: Bold, shortcut: 'Ctrl+B' },
  { command: 'italic', label: 'Italic', icon: Italic, shortcut: 'Ctrl+I' },
  { command: 'code', label: 'Inline code', icon: Code, shortcut: 'Ctrl+E' },
  { command: 'link', label: 'Link', icon: Link2, shortcut: 'Ctrl+K' },
  { command: 'list', label: 'Bulleted list', icon: List },
  { command: 'quote', label: 'Quote', icon: Quote },
];

const BUTTON =
  'inline-flex size-8 items-center justify-center rounded-sm text-foreground hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function ToolbarButton({
  label,
  icon: Icon,
  tip,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  tip: string;
  onClick: () => void;
}) {
  return (
    <Tooltip content={tip}>
      <Toolbar.Button
        type="button"
        aria-label={label}
        // Keep the textarea's focus and selection when clicked with a mouse.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        className={BUTTON}
      >
        <Icon className="size-4" aria-hidden="true" />
      </Toolbar.Button>
    </Tooltip>
  );
}

/**
 * Formatting buttons acting on the content textarea's selection, and Image, which opens the image picker; arrow
 * keys move between them.
 */
export function MarkdownToolbar({
  onCommand,
  onImage,
  controls,
}: {
  onCommand: (command: MarkdownCommand) => void;
  onImage: () => void;
  controls: string;
}) {
  return (
    <Toolbar.Root
      aria-label="Formatting"
      aria-controls={controls}
      className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-input bg-muted p-1"
    >
      {TOOLBAR_ACTIONS.map(({ command, label, icon, shortcut }) => (
        <ToolbarButton
          key={command}
          label={label}
          icon={icon}
          tip={shortcut ? `${label} (${shortcut})` : label}
          onClick={() => onCommand(command)}
        />
      ))}
      <ToolbarButton label="Image" icon={Image} tip="Image: upload or choose from the library" onClick={onImage} />
    </Toolbar.Root>
  );
}

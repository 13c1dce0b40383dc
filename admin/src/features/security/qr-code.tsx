import { useMemo } from 'react';
import { encode } from 'uqr';
import { qrPath } from './qr-path.ts';

/** A QR code drawn in the browser (the secret it carries never leaves the page for an image service). */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  // The standard's quiet zone is four modules; medium error correction survives a glare-spotted screen.
  const { modules, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 });
    return { modules: qr.size, path: qrPath(qr.data) };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-md border"
    >
      {/* Dark on white whatever the theme: scanners expect it. */}
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

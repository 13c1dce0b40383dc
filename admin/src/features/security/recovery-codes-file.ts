/** The downloadable recovery-codes file: what the codes are for, when they were made, one code per line. */
export function recoveryCodesFile(codes: readonly string[], site: string, createdAt: Date): string {
  return [
    `${site} admin recovery codes`,
    `Generated ${createdAt.toISOString()}`,
    '',
    'Each code signs in once in place of an authenticator code. Keep them somewhere safe.',
    'Generating new codes makes these stop working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The counter under a text field with a recommended length: "42/60 · recommended 50-60 characters". */
export function lengthHint(length: number, limit: number, recommended: { min: number; max: number }): string {
  return `${length}/${limit} · recommended ${recommended.min}-${recommended.max} characters`;
}

/** A small deterministic hash (FNV-1a): the same text always gives the same numbers, so seeded data is stable. */
export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

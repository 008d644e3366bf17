/** YYYY-MM-DD, `days` from now (UTC): test searches stay inside the seeded 180 days. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

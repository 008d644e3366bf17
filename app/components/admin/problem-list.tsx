import type { ConsoleProblem } from '~/services/config/config-console.server';

/** The validator's problems: a count per section, then each with where it is. */
export function ProblemList({ problems }: { problems: readonly ConsoleProblem[] }) {
  if (problems.length === 0) return <p>No problems: the draft can be published.</p>;
  const sections = new Map<string, number>();
  for (const p of problems) sections.set(p.section, (sections.get(p.section) ?? 0) + 1);
  return (
    <div className="admin-problems">
      <p role="alert">
        {problems.length} problem{problems.length === 1 ? '' : 's'}: {[...sections].map(([section, count]) => `${section} (${count})`).join(', ')}. Publishing waits until none is
        left.
      </p>
      <ul>
        {problems.map((p) => (
          <li key={`${p.pointer} ${p.message}`}>
            <code>{p.pointer}</code>: {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

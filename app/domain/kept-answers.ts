/**
 * The answers of a pure computation a page repeats (formatters, templates, prices, policies),
 * kept by key: each is computed once, and all are forgotten once `max` are kept, as keys may come
 * from requests. A computation that throws keeps nothing.
 */
export function keptAnswers<V>(max: number): (key: string, compute: () => V) => V {
  const answers = new Map<string, V>();
  return (key, compute) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = compute();
      if (answers.size >= max) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

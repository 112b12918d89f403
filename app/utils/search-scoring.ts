/**
 * How a document ranks for a word, as PostgreSQL's ts_rank scores it (calc_rank_or, normalisation 1):
 * each occurrence counts by its weight (title A 1.0, B 0.4, C 0.2, D 0.1), later occurrences less and
 * less, and the sum is divided by the log of the document's length, so a short section about a word
 * outranks a long page that mentions it. Computed once per word of a document when it is indexed.
 */

const WEIGHTS: Record<string, number> = { A: 1, B: 0.4, C: 0.2, D: 0.1 };
/** π²/6: the sum of 1/n², which bounds the occurrences' share. */
const ZETA_2 = 1.64493406685;

/** The score of one word of a document, from its occurrences' weights in the order they occur ("BCC"). */
export function wordScore(weights: string): number {
  let sum = 0;
  let heaviest = -1;
  let heaviestAt = 0;
  for (let j = 0; j < weights.length; j++) {
    const weight = WEIGHTS[weights[j]!] ?? WEIGHTS.D!;
    sum += weight / ((j + 1) * (j + 1));
    if (weight > heaviest) {
      heaviest = weight;
      heaviestAt = j;
    }
  }
  if (heaviest < 0) return 0;
  return (heaviest + sum - heaviest / ((heaviestAt + 1) * (heaviestAt + 1))) / ZETA_2;
}

/** What a document's summed word scores are divided by: log2 of its length in words, plus one. */
export function lengthDivisor(wordCount: number): number {
  return wordCount > 0 ? Math.log2(wordCount + 1) : 1;
}

/**
 * `derive` remembered for the last `size` distinct texts it was given: for work that costs far more than
 * reading its text (a policy's words found, its Markdown rendered) and is asked again with the same text
 * while the text is unchanged. A changed text is a new key; the oldest key makes room for it.
 */
export function rememberLast<T>(size: number, derive: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    if (known.has(text)) return known.get(text) as T;
    const value = derive(text);
    if (known.size >= size) known.delete(known.keys().next().value!);
    known.set(text, value);
    return value;
  };
}

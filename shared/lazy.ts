/**
 * A value made at its first use and kept, for what costs to make and may never be needed in a run (an intl, a
 * segmenter, Intl.Locale: each starts ICU, ~10–20 ms that a run printing no words must not pay when a module
 * loads). With a key, one value per key (the CLI's intl per language: tests speak several in one process).
 * What throws is not kept: the next use tries again. A promise is kept as it is, rejected or not.
 */
export function lazy<T, K = void>(make: (key: K) => T): (key: K) => T {
  const made = new Map<K, T>()
  return (key) => {
    if (made.has(key)) return made.get(key) as T
    const value = make(key)
    made.set(key, value)
    return value
  }
}

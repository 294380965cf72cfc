import type { FileRec } from './model.ts'

/** First index whose seq is >= seq in an array sorted ascending by seq. */
function lowerBound(list: FileRec[], seq: number): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((list[mid] as FileRec).seq < seq) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Inserts keeping seq order; new files have the highest seq, so this is normally a push. */
export function insertBySeq(list: FileRec[], rec: FileRec): void {
  const last = list[list.length - 1]
  if (last === undefined || last.seq < rec.seq) list.push(rec)
  else list.splice(lowerBound(list, rec.seq), 0, rec)
}

export function removeBySeq(list: FileRec[], rec: FileRec): void {
  const at = lowerBound(list, rec.seq)
  if (list[at] === rec) list.splice(at, 1)
}

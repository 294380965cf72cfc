/**
 * What the pointer carries while files are dragged: a small label ("3 files") instead of the browser's picture of
 * the row, which for a whole selection would show one row of thousands. The element must be in the document when
 * setDragImage runs; it is removed right after the browser has taken its picture.
 */
export function setDragLabel(dt: DataTransfer, label: string): void {
  const el = document.createElement('div')
  el.className = 'drag-image'
  el.textContent = label
  document.body.append(el)
  dt.setDragImage(el, -12, -12)
  setTimeout(() => el.remove(), 0)
}

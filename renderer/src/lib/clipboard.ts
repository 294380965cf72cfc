/**
 * Writes text with the async Clipboard API. It works in Electron and on http://127.0.0.1 (a secure context);
 * the textarea fallback covers a browser that refuses without a permission grant.
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    return
  } catch (error) {
    if (!fallbackCopy(text)) throw error
  }
}

function fallbackCopy(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  try {
    return document.execCommand('copy')
  } finally {
    area.remove()
  }
}

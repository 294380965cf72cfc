/** macOS uses ⌘ where the other systems use Ctrl; asked at each use (tests set the platform). */
const onMac = () => typeof navigator !== 'undefined' && navigator.platform.toLowerCase().includes('mac')

/** Whether a key event has the command modifier: ⌘ on macOS, Ctrl elsewhere. */
export const commandKey = (e: { metaKey: boolean; ctrlKey: boolean }): boolean =>
  onMac() ? e.metaKey : e.ctrlKey

/** How menus write the command modifier before a key: "⌘C" on macOS, "Ctrl+C" elsewhere. */
export const commandLabel = (key: string): string => `${onMac() ? '⌘' : 'Ctrl+'}${key}`

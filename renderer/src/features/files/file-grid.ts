/**
 * The file pane's grid, for code that hands it the keyboard back (the search box's Esc, a folder name field that
 * closes). Found by its class: its accessible name is in the window's language.
 */
export const fileGrid = (): HTMLElement | null =>
  document.querySelector<HTMLElement>('.files-grid[role="grid"]')

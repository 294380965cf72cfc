/** react-query keys of the background features; events.ts invalidates them on watch.changed / history.healthChanged. */
export const watchKeys = {
  list: () => ['watch', 'list'] as const,
  health: () => ['history', 'health'] as const,
}

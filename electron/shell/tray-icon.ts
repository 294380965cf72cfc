/**
 * The tray icon (32×32 PNG, an upward arrow on a blue square), inline so the bundled main process needs no
 * asset path that differs between `npm start` and a packaged app. Electron scales it for the tray.
 */
export const TRAY_ICON_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAV0lEQVR42u3WyQkAIAxE0TRjZZZvEXrRiyAuWZQ4H3J/pyFEqBZiypYHgA9A6wqgzxQwygQwSxWwmgpgN1HAaSIAbiyAVP52AAAAAADgCQCeUgDEAd9WAMIYRa3fpX1IAAAAAElFTkSuQmCC'

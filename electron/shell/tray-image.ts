import type { NativeImage, nativeImage as NativeImages } from 'electron'
import { TRAY_ICON } from './tray-icon.ts'

/**
 * The tray icon as each OS wants it: 16 pt with its 2× form for HiDPI and Retina; on macOS a template image (the
 * glyph in black, which the menu bar tints to suit a light or dark bar, as every menu bar icon is), elsewhere the
 * app's colours (the Windows notification area and Linux panels show colour icons).
 */
export function trayImage(
  nativeImage: Pick<typeof NativeImages, 'createEmpty'>,
  platform: NodeJS.Platform,
): NativeImage {
  const mac = platform === 'darwin'
  const set = mac ? TRAY_ICON.template : TRAY_ICON.colour
  const image = nativeImage.createEmpty()
  image.addRepresentation({ scaleFactor: 1, width: 16, height: 16, dataURL: set.x1 })
  image.addRepresentation({ scaleFactor: 2, width: 32, height: 32, dataURL: set.x2 })
  if (mac) image.setTemplateImage(true)
  return image
}

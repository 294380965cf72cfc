// Types of dist.mjs for the TypeScript that imports it (scripts/pack-app.ts, scripts/dist.test.ts).
export declare function targetArchs(args: readonly string[], hostArch?: string): string[]
export declare function addonDest(appRoot: string, platform: string, arch: string): string
export declare function installedElectronVersion(appRoot?: string): string
export declare function ensureSqliteAddons(o: {
  appRoot?: string
  dest?: string
  electronVersion: string
  archs: readonly string[]
  platform?: string
  distUrl?: string | undefined
  fromSource?: boolean
  stdio?: 'inherit' | 'ignore'
}): Promise<string[]>

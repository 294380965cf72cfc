// Types of make-icons.mjs for the TypeScript that imports it (scripts/icons.test.ts).
export declare const ICNS_TYPES: Array<[string, number]>
export declare const LINUX_SIZES: number[]
export declare const ICO_SIZES: number[]
export declare function encodePng(size: number, rgba: Buffer): Buffer
export declare function makeIcons(out: string): string[]

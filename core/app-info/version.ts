// Read once from package.json, the one place the version is written (bundlers inline it; tsx and Node read it).
import packageJson from '../../package.json' with { type: 'json' }

/** Filedock's version, as package.json says. */
export const VERSION: string = packageJson.version

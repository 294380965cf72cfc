/** A sandbox process's ready line: where it listens and its account's key. */
export interface Sandbox {
  baseUrl: string
  apiKey: string
}

/** One GET call of the host's API (`/api/{op}?key=…`), answering its `result`. */
export async function sandboxApi<T>(
  sb: Sandbox,
  op: string,
  params: Record<string, string | number> = {},
): Promise<T> {
  const url = new URL(`/api/${op}`, sb.baseUrl)
  url.searchParams.set('key', sb.apiKey)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v))
  const body = (await (await fetch(url)).json()) as { result: T }
  return body.result
}

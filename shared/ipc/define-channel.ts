import type { z } from 'zod'

/**
 * One entry of the contract: the schema main parses the renderer's input with, and the output type as a phantom
 * (outputs come from our own code in main, so they are typed, not parsed).
 */
export interface Channel<I extends z.ZodType = z.ZodType, O = unknown> {
  readonly input: I
  /** Never set at runtime: carries the output type for OutputOf<K>. */
  readonly __output?: O
}

/** `defineChannel<Output>()(inputSchema)`: curried so the output is explicit while the input is inferred. */
export const defineChannel =
  <O>() =>
  <I extends z.ZodType>(input: I): Channel<I, O> => ({ input })

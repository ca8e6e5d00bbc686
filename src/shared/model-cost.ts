/** What a model costs, in US dollars per million tokens (`ASKCODE_MODEL_PRICES`). */
export interface ModelPrice {
  input: number;
  output: number;
}

/**
 * What `input` prompt and `output` completion tokens cost at `price`, in
 * US dollars.
 *
 * @example
 * modelCostUsd(10_000, 1_000, { input: 2.5, output: 10 }) // 0.035
 */
export function modelCostUsd(
  input: number,
  output: number,
  price: ModelPrice,
): number {
  return (input * price.input + output * price.output) / 1e6;
}

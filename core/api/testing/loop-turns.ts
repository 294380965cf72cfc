/**
 * Counts the event loop's turns from now until stop() (a setImmediate chain runs once a turn): how tests see that
 * long work was cut into slices with turns between, without timing it.
 */
export function countTurns(): { stop(): number } {
  let turns = 0
  let counting = true
  const turn = () => {
    turns++
    if (counting) setImmediate(turn)
  }
  setImmediate(turn)
  return {
    stop() {
      counting = false
      return turns
    },
  }
}

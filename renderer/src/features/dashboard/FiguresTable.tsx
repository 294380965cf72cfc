import type { ReactNode } from 'react'

/**
 * The dashboard's tables share one shape: a first column that names the row (an account, a day), then columns of
 * figures, right-aligned so digits line up. These two pieces hold that shape, so each table only says what it
 * shows.
 */
export function FiguresHead({ first, figures }: { first: string; figures: readonly string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {figures.map((name) => (
          <th key={name} scope="col" className="num">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** One row's figures, already formatted, in the order of the head's columns. */
export function FigureCells({ values }: { values: readonly ReactNode[] }) {
  return (
    <>
      {values.map((value, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, so a cell's position is its identity
        <td key={i} className="num">
          {value}
        </td>
      ))}
    </>
  )
}

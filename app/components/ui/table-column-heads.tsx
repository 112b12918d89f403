import type { ReactNode } from "react";

/**
 * A table's row of column headings, on the light band that the cookie register and the admin's tables share.
 * A column left out is null or false.
 */
export function TableColumnHeads({ columns }: { columns: readonly (ReactNode | null | false)[] }) {
  return (
    <thead className="bg-navy-50 text-navy-950">
      <tr>
        {columns.map((column, index) =>
          column === null || column === false ? null : (
            <th key={index} scope="col" className="px-4 py-3 font-semibold">
              {column}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

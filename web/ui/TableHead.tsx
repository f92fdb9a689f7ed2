import clsx from 'clsx';

/** A table's header row; a column given as an object carries the classes that hide it on small screens. */
export function TableHead({ className, columns }: { className: string; columns: (string | { label: string; className: string })[] }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => {
          const label = typeof column === 'string' ? column : column.label;
          return (
            <th key={label} scope="col" className={clsx('px-4 py-3', typeof column !== 'string' && column.className)}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

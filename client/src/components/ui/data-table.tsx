import type { SortKey } from '@ai-coaching/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type DataColumn<Item> = {
  id: string;
  header: ReactNode;
  cell: (item: Item) => ReactNode;
  /**
   * When the column shows: 1 always, 2 from 640 px, 3 from 1024 px. Narrow screens keep what
   * people act on (the name, amounts, actions); put what a hidden column says into a priority-1
   * cell too when it matters there.
   */
  priority?: 1 | 2 | 3;
  /** The spec's sort key this column orders by; its header then becomes a sort button. */
  sortKey?: 'name' | 'updated_at';
  /** The cell that names the row (a row header for screen readers). */
  isRowHeader?: boolean;
  align?: 'start' | 'end';
  /**
   * Takes no more width than its content needs at its narrowest (its buttons wrap under each other), so the naming
   * column gets the rest: automatic layout otherwise shares the width by what each column would like, and squeezes a
   * short email address onto two lines beside roomy buttons.
   */
  shrink?: boolean;
};

const PRIORITY: Record<1 | 2 | 3, string> = { 1: '', 2: 'hidden sm:table-cell', 3: 'hidden lg:table-cell' };

/** `name` sorts A–Z; a date column toggles newest and oldest first, newest first on the first click. */
const nextSort = (column: 'name' | 'updated_at', current: SortKey): SortKey =>
  column === 'name' ? 'name' : current === '-updated_at' ? 'updated_at' : '-updated_at';

const ariaSort = (column: 'name' | 'updated_at', current: SortKey) =>
  column === 'name'
    ? current === 'name'
      ? 'ascending'
      : undefined
    : current === '-updated_at'
      ? 'descending'
      : current === 'updated_at'
        ? 'ascending'
        : undefined;

export type DataTableProps<Item> = {
  caption: string;
  columns: readonly DataColumn<Item>[];
  items: readonly Item[];
  rowKey: (item: Item) => string;
  /** `data-testid` of each row. */
  rowTestId?: string;
  /** Further `data-*` attributes of each row, by name without the prefix (`{ kind: 'allocated' }`). */
  rowData?: (item: Item) => Readonly<Record<string, string>>;
  sort?: SortKey;
  onSortChange?: (sort: SortKey) => void;
};

/**
 * A table of a list's page with priority columns: on a narrow screen the lower-priority columns
 * give way, and what stays never overflows the page. Headers of sortable columns sort the list.
 */
export const DataTable = <Item,>({
  caption,
  columns,
  items,
  rowKey,
  rowTestId,
  rowData,
  sort,
  onSortChange,
}: DataTableProps<Item>) => {
  const { t } = useTranslation('common');
  const cellClass = (column: DataColumn<Item>) =>
    `px-3 py-2 align-middle ${PRIORITY[column.priority ?? 1]} ${column.align === 'end' ? 'text-right' : ''} ${
      column.shrink ? 'w-px' : ''
    }`;
  // Text may break anywhere (an email address must not widen the table); amounts and actions keep their words whole.
  const wrapClass = (column: DataColumn<Item>) => (column.align === 'end' ? 'break-words' : '[overflow-wrap:anywhere]');
  return (
    <div className="rounded-md border border-gray-200 dark:border-gray-800">
      {/* Automatic layout: columns with little to say (amounts, actions) keep their width and the naming column
          takes the rest; a fixed layout would split the width evenly and squeeze names to a letter. */}
      <table className="w-full table-auto text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-gray-700 dark:bg-gray-900 dark:text-gray-300">
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={`${cellClass(column)} font-medium`}
                aria-sort={column.sortKey && sort ? ariaSort(column.sortKey, sort) : undefined}
              >
                {column.sortKey && sort && onSortChange ? (
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 font-medium hover:text-primary-800 dark:hover:text-primary-200"
                    onClick={() => onSortChange(nextSort(column.sortKey!, sort))}
                  >
                    {column.header}
                    <span aria-hidden="true">
                      {ariaSort(column.sortKey, sort) === 'ascending'
                        ? '▲'
                        : ariaSort(column.sortKey, sort) === 'descending'
                          ? '▼'
                          : '↕'}
                    </span>
                    <span className="sr-only">{t('list.sortBy')}</span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={rowKey(item)}
              className="border-t border-gray-100 dark:border-gray-800"
              {...(rowTestId ? { 'data-testid': rowTestId } : {})}
              {...Object.fromEntries(
                Object.entries(rowData?.(item) ?? {}).map(([name, value]) => [`data-${name}`, value]),
              )}
            >
              {columns.map((column) =>
                column.isRowHeader ? (
                  <th key={column.id} scope="row" className={`${cellClass(column)} font-medium ${wrapClass(column)}`}>
                    {column.cell(item)}
                  </th>
                ) : (
                  <td key={column.id} className={`${cellClass(column)} ${wrapClass(column)}`}>
                    {column.cell(item)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

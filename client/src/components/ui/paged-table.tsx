import { DataTable, type DataTableProps } from './data-table';
import { ListView, type ListViewProps } from './list-view';

export type PagedTableProps<Item> = Omit<ListViewProps<Item>, 'children'> &
  Pick<DataTableProps<Item>, 'caption' | 'columns' | 'rowKey' | 'rowTestId' | 'rowData'>;

/**
 * A paged list shown as a table: the list's search, sort, paging and states (`ListView`) around a
 * `DataTable` whose sortable headers change the same sort.
 */
export const PagedTable = <Item,>({ caption, columns, rowKey, rowTestId, rowData, ...list }: PagedTableProps<Item>) => (
  <ListView {...list}>
    {(items) => (
      <DataTable<Item>
        caption={caption}
        items={items}
        columns={columns}
        rowKey={rowKey}
        {...(rowTestId ? { rowTestId } : {})}
        {...(rowData ? { rowData } : {})}
        sort={list.state.sort}
        onSortChange={(sort) => list.onChange({ sort })}
      />
    )}
  </ListView>
);

import type { ListPage, ListParams } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { pagedList, sortOrder, type SqlFilter } from './paged-list.js';
import { findOne } from './rows.js';

/**
 * The two reads an entity table of a read model answers: a page of its rows (filtered as the list asks, in the spec's
 * sort orders over its name, its last change and its id) and one row by its id, each as the entity's view.
 */
export const entityReads = <Row extends object, View>(entity: {
  /** The read model, whose commits forget the cached pages. */
  readModel: string;
  /** `table alias`, or the table alone. */
  from: string;
  columns: string;
  /** What the sort orders compare (`lower(g.name)`, `g.updated_at`); `id` is the column `find` looks the id up in. */
  order: { name: string; updatedAt: string; id: string };
  toView: (row: Row) => View;
}) => {
  const order = sortOrder(entity.order);
  return {
    order,
    list: (
      db: SqlExecutor,
      params: Pick<ListParams, 'page' | 'page_size' | 'sort'>,
      filter: SqlFilter,
    ): Promise<ListPage<View>> =>
      pagedList(db, {
        readModel: entity.readModel,
        from: entity.from,
        columns: entity.columns,
        filter,
        order,
        params,
        toItem: entity.toView,
      }),
    find: (db: SqlExecutor, id: string): Promise<View | undefined> =>
      findOne(db, `SELECT ${entity.columns} FROM ${entity.from} WHERE ${entity.order.id} = $1`, [id], entity.toView),
  };
};

/**
 * A semantic data table with a caption, an empty state and a loading state (skeleton rows while
 * there is nothing to show yet, `aria-busy` throughout). Too wide for its box (a phone), it scrolls
 * sideways inside its own wrapper rather than the page (WCAG 1.4.10).
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useT } from './context';
import { useStyles } from './css/use-styles';
import { tableCss } from './css/table';
import { Skeleton } from './Spinner';

/** One column. Widths are classes (no inline styles under a strict CSP). */
export interface TableColumn<Row> {
  /** Identifies the column (its cells' `data-column`, for styles); without `render`, also the row field shown. */
  key: string;
  title: ReactNode;
  /** Renders the cell; defaults to `String(row[key])`. */
  render?: (row: Row, index: number) => ReactNode;
  /** A width preset. @default 'auto' */
  width?: 'auto' | 'xs' | 'sm' | 'md' | 'lg';
  /** @default 'start' */
  align?: 'start' | 'center' | 'end';
  /** Extra class on the header and body cells of this column. */
  className?: string;
}

/** The table's state, exposed as `data-status`. */
export type TableStatus = 'loading' | 'empty' | 'ready';

export interface TableProps<Row> {
  columns: ReadonlyArray<TableColumn<Row>>;
  rows: readonly Row[];
  /** A row's stable key: a field name or a function. */
  rowKey: keyof Row | ((row: Row) => string);
  /** Names the table for screen readers. */
  caption: ReactNode;
  /** Shows the caption on screen. @default false */
  showCaption?: boolean;
  /** Shown in place of rows when there are none. @default the 'No data' text */
  empty?: ReactNode;
  /** Data is (re)loading: skeleton rows when there are no rows yet. @default false */
  loading?: boolean;
  /** How many skeleton rows to draw while loading. @default 3 */
  skeletonRows?: number;
  /** Below this width of its own box (in rem; a container query, whatever the viewport), each row
   * shows as a card: its cells stacked, each under its column's title (string titles). The table
   * keeps its semantics for screen readers (explicit roles). @default never */
  cardsBelow?: 44 | 54;
  className?: string;
}

function cellText(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}

/** Whether the element's content is wider than it: measured when `content` changes (rows, cells
 * drawn anew), and again as either resizes. A resize observer alone is not enough: a page in the
 * background runs none of its callbacks until it is shown. */
function useOverflowsX(ref: RefObject<HTMLElement | null>, content: unknown): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (box) setOverflows(box.scrollWidth > box.clientWidth);
  }, [ref, content]);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(box.scrollWidth > box.clientWidth);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    // The table grows with its rows while the box keeps its size.
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/** A `<table part="table">` with `data-status` loading | empty | ready.
 * @example <Table caption={t('tokens.title')} columns={columns} rows={tokens} rowKey="token_id" loading={status === 'loading'} /> */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  caption,
  showCaption = false,
  empty,
  loading = false,
  skeletonRows = 3,
  cardsBelow,
  className,
}: TableProps<Row>) {
  useStyles(tableCss);
  const t = useT();
  const captionId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  // A region that scrolls must be reachable and named for keyboard users (axe
  // scrollable-region-focusable); only then, so wide screens keep their tab order.
  const scrolls = useOverflowsX(wrap, [rows, columns, loading]);
  const status: TableStatus = loading ? 'loading' : rows.length === 0 ? 'empty' : 'ready';
  const keyOf = (row: Row) => (typeof rowKey === 'function' ? rowKey(row) : String(row[rowKey]));
  const cellClass = (c: TableColumn<Row>) => (c.className ? `yx-table__cell ${c.className}` : 'yx-table__cell');
  // Cards change how table parts display, which drops their table semantics in Chromium unless
  // their roles are explicit: set whenever cards may show.
  const role = (name: string) => (cardsBelow ? name : undefined);
  const label = (c: TableColumn<Row>) => (cardsBelow && typeof c.title === 'string' ? c.title : undefined);

  let body: ReactNode;
  if (loading && rows.length === 0) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <tr key={`skeleton-${i}`} className="yx-table__row" data-state="skeleton" role={role('row')}>
        {columns.map((c) => (
          <td key={c.key} className={cellClass(c)} data-column={c.key} role={role('cell')}>
            <Skeleton lines={1} />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr className="yx-table__row" data-state="empty" role={role('row')}>
        <td className="yx-table__empty" part="table-empty" colSpan={Math.max(1, columns.length)} role={role('cell')}>
          {empty ?? t('ui.table.empty')}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row, index) => (
      <tr key={keyOf(row)} className="yx-table__row" part="table-row" role={role('row')}>
        {columns.map((c) => (
          <td
            key={c.key}
            className={cellClass(c)}
            data-column={c.key}
            data-align={c.align}
            data-label={label(c)}
            role={role('cell')}
          >
            {c.render ? c.render(row, index) : cellText(row, c.key)}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div
      ref={wrap}
      className={className ? `yx-table-wrap ${className}` : 'yx-table-wrap'}
      data-status={status}
      data-cards={cardsBelow}
      role={scrolls ? 'region' : undefined}
      aria-labelledby={scrolls ? captionId : undefined}
      tabIndex={scrolls ? 0 : undefined}
    >
      <table
        part="table"
        className="yx-table"
        aria-busy={loading || undefined}
        data-status={status}
        role={role('table')}
      >
        <caption id={captionId} className={showCaption ? 'yx-table__caption' : 'yx-visually-hidden'}>
          {caption}
        </caption>
        <thead role={role('rowgroup')}>
          <tr role={role('row')}>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                role={role('columnheader')}
                part="table-header"
                className={cellClass(c)}
                data-column={c.key}
                data-width={c.width}
                data-align={c.align}
              >
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={role('rowgroup')}>{body}</tbody>
      </table>
    </div>
  );
}

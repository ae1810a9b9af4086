/** Page navigation for tables: total, previous/next, page numbers with gaps, and page size. */
import { Button } from './Button';
import { useT } from './context';
import { useStyles } from './css/use-styles';
import { paginationCss } from './css/pagination';
import { Select } from './Select';

/** A page number or a gap ("…") in the list of page buttons. */
export type PageItem = number | 'gap';

/** The page buttons to show: all pages up to 7, otherwise first, last, the current page with its
 * neighbours and gaps, always 7 slots so the buttons do not jump around.
 * @example pageItems(5, 10) // [1, 'gap', 4, 5, 6, 'gap', 10] */
export function pageItems(page: number, pages: number): PageItem[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const start = Math.max(2, Math.min(page - 1, pages - 4));
  const end = Math.min(pages - 1, Math.max(page + 1, 5));
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < pages - 1) items.push('gap');
  items.push(pages);
  return items;
}

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageSize: number;
  /** The number of rows across all pages. */
  total: number;
  /** Called with the new page and page size. A new page size keeps the first row of the
   * current page on screen. */
  onChange(page: number, pageSize: number): void;
  /** @default [10, 20, 50, 100] */
  pageSizeOptions?: readonly number[];
  /** Names the navigation landmark. @default t('ui.pagination.label') */
  label?: string;
  /** Hides the page-size selector. @default false */
  hidePageSize?: boolean;
  /** Ignores input while data loads (buttons stay focusable). @default false */
  disabled?: boolean;
  className?: string;
}

/** `<nav part="pagination">` with the total, page buttons (the current one has
 * `aria-current="page"`) and a page-size `<select>`.
 * @example <Pagination page={page} pageSize={size} total={total} onChange={(p, s) => load(p, s)} /> */
export function Pagination({
  page,
  pageSize,
  total,
  onChange,
  pageSizeOptions = [10, 20, 50, 100],
  label,
  hidePageSize = false,
  disabled = false,
  className,
}: PaginationProps) {
  useStyles(paginationCss);
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  const go = (next: number) => {
    if (disabled || next < 1 || next > pages || next === current) return;
    onChange(next, pageSize);
  };
  const sizes = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);
  // aria-disabled, not disabled: a disabled button drops focus to <body> when the user reaches
  // the first or last page with it.
  const edge = (blocked: boolean) => (blocked || disabled ? true : undefined);

  return (
    <nav
      aria-label={label ?? t('ui.pagination.label')}
      part="pagination"
      className={className ? `yx-pagination ${className}` : 'yx-pagination'}
      data-state={disabled ? 'disabled' : undefined}
    >
      <span className="yx-pagination__total" part="pagination-total">
        {t('ui.pagination.total', { total })}
      </span>
      <ul className="yx-pagination__pages">
        <li>
          <Button
            variant="text"
            size="sm"
            aria-label={t('ui.pagination.prev')}
            aria-disabled={edge(current <= 1)}
            onClick={() => go(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </Button>
        </li>
        {pageItems(current, pages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="yx-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                variant="text"
                size="sm"
                className="yx-pagination__page"
                aria-label={t('ui.pagination.page', { page: item })}
                aria-current={item === current ? 'page' : undefined}
                aria-disabled={disabled || undefined}
                data-state={item === current ? 'current' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            variant="text"
            size="sm"
            aria-label={t('ui.pagination.next')}
            aria-disabled={edge(current >= pages)}
            onClick={() => go(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </Button>
        </li>
      </ul>
      {!hidePageSize && (
        <Select
          className="yx-pagination__size"
          aria-label={t('ui.pagination.pageSize')}
          value={String(pageSize)}
          disabled={disabled}
          options={sizes.map((size) => ({ value: String(size), label: t('ui.pagination.pageSizeOption', { size }) }))}
          onChange={(event) => {
            const size = Number(event.target.value);
            onChange(Math.floor(((current - 1) * pageSize) / size) + 1, size);
          }}
        />
      )}
    </nav>
  );
}

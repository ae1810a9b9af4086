import { css } from './sheet';

/** Styles of Pagination, adopted by the paginations that use them. */
export const paginationCss = css`
  .yx-pagination {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: flex-end;
    gap: var(--yx-space-3);
    margin-top: var(--yx-space-4);
  }
  .yx-pagination__total {
    color: var(--yx-color-text-secondary);
  }
  .yx-pagination__pages {
    display: flex;
    align-items: center;
    gap: var(--yx-space-1);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .yx-pagination__page {
    min-width: 28px;
  }
  .yx-pagination__page[aria-current='page'] {
    border-color: var(--yx-color-brand);
    color: var(--yx-color-brand);
    font-weight: 600;
  }
  .yx-pagination__gap {
    padding: 0 var(--yx-space-1);
    color: var(--yx-color-text-secondary);
  }
  .yx-pagination__size {
    width: auto;
  }
`;

import { css } from './sheet';

/** Styles of Button, form fields, Table, Pagination, Result, Tree, Spinner and Skeleton. */
export const controlsCss = css``;

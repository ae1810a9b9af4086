import { css } from '../../ui/css/sheet';

/** Styles of `<yx-message-centre>`'s frame (heading, toolbar, tabs, loading), adopted after the
 * shared sheets (no inline styles: strict CSP). The list's and the app filter's come with their
 * code (list.css.ts, filter.css.ts). */
export const notificationsCss = css`
  .yx-msgs {
    display: grid;
    gap: var(--yx-space-4);
    container-type: inline-size;
  }
  .yx-msgs-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-3);
  }
  .yx-msgs-title {
    margin: 0;
    margin-right: auto;
    font-size: var(--yx-font-size-xl);
    font-weight: 600;
  }
  .yx-msgs-toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: var(--yx-space-2);
  }
  .yx-msgs-body {
    display: grid;
    grid-template-columns: minmax(160px, 220px) minmax(0, 1fr);
    gap: var(--yx-space-4);
    align-items: start;
  }
  .yx-msgs-main {
    min-width: 0;
  }
  .yx-msgs-tab-count {
    display: inline-block;
    min-width: 20px;
    margin-inline-start: var(--yx-space-1);
    padding: 0 6px;
    border-radius: 999px;
    background: var(--yx-color-danger);
    color: var(--yx-color-on-danger);
    font-size: var(--yx-font-size-sm);
    line-height: 18px;
    text-align: center;
  }

  /* Keeps the filter's place while its code loads (AppFilter), so nothing moves when it comes. */
  .yx-msgs-filter:empty {
    min-height: var(--yx-control-height);
  }

  .yx-msgs-loading {
    display: grid;
    gap: var(--yx-space-3);
    padding: var(--yx-space-4) 0;
  }
  @container (max-width: 640px) {
    .yx-msgs-body {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`;

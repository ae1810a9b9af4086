import { css } from '../../ui/css/sheet';

/** Styles of the app filter, adopted with it (AppFilter loads on demand; see MessageCentre). */
export const appFilterCss = css`
  .yx-msgs-filter__list {
    display: grid;
    gap: 2px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .yx-msgs-filter__option {
    display: flex;
    align-items: center;
    gap: var(--yx-space-2);
    width: 100%;
    min-height: var(--yx-control-height);
    padding: var(--yx-space-1) var(--yx-space-2);
    border: 0;
    border-radius: var(--yx-radius);
    background: transparent;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }
  .yx-msgs-filter__option:hover {
    background: var(--yx-color-bg-subtle);
  }
  .yx-msgs-filter__option[aria-pressed='true'] {
    background: var(--yx-color-brand-soft);
    color: var(--yx-color-brand-hover);
    font-weight: 500;
  }
  .yx-msgs-filter__logo {
    flex: none;
    width: 20px;
    height: 20px;
    border-radius: 4px;
  }
  .yx-msgs-filter__logo--all {
    color: var(--yx-color-brand);
    stroke: var(--yx-color-on-brand);
  }
  .yx-msgs-filter__name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .yx-msgs-filter__count {
    min-width: 20px;
    padding: 0 6px;
    border-radius: 999px;
    background: var(--yx-color-danger);
    color: var(--yx-color-on-danger);
    font-size: var(--yx-font-size-sm);
    font-weight: 400;
    text-align: center;
  }

  /* The centre is the container (notifications.css.ts). */
  @container (max-width: 640px) {
    .yx-msgs-filter__list {
      display: flex;
      flex-wrap: wrap;
    }
    .yx-msgs-filter__option {
      width: auto;
    }
  }
`;

import { css } from './sheet';

/** Styles of Result, Spinner and Skeleton, which every element may show while it loads. */
export const statusCss = css`
  .yx-result {
    display: grid;
    justify-items: center;
    gap: var(--yx-space-2);
    padding: var(--yx-space-6) var(--yx-space-4);
    text-align: center;
  }
  .yx-result__icon {
    width: 48px;
    height: 48px;
    fill: none;
    stroke: var(--yx-color-text-disabled);
    stroke-width: 1.5;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .yx-result[data-status='error'] .yx-result__icon,
  .yx-result[data-status='forbidden'] .yx-result__icon {
    stroke: var(--yx-color-danger);
  }
  .yx-result[data-status='success'] .yx-result__icon {
    stroke: var(--yx-color-success);
  }
  .yx-result__title {
    margin: 0;
    font-size: var(--yx-font-size-lg);
    font-weight: 600;
  }
  .yx-result__description {
    max-width: 480px;
    color: var(--yx-color-text-secondary);
  }
  .yx-result__actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: var(--yx-space-2);
    margin-top: var(--yx-space-2);
  }

  .yx-spin {
    display: inline-flex;
    align-items: center;
    gap: var(--yx-space-2);
    color: var(--yx-color-brand);
  }
  .yx-spin[data-size='sm'] .yx-spinner {
    width: 14px;
    height: 14px;
  }
  .yx-spin[data-size='lg'] .yx-spinner {
    width: 32px;
    height: 32px;
    border-width: 3px;
  }
  .yx-spin__label {
    color: var(--yx-color-text-secondary);
  }
  .yx-skeleton {
    display: grid;
    gap: var(--yx-space-2);
  }
  .yx-skeleton__line {
    display: block;
    height: 12px;
    border-radius: 4px;
    background: linear-gradient(
      90deg,
      var(--yx-color-bg-subtle) 25%,
      var(--yx-color-border) 50%,
      var(--yx-color-bg-subtle) 75%
    );
    background-size: 200% 100%;
    animation: yx-shimmer 1.4s ease-in-out infinite;
  }
  .yx-skeleton__line:last-child:not(:first-child) {
    width: 60%;
  }
  @keyframes yx-shimmer {
    from {
      background-position: 100% 0;
    }
    to {
      background-position: -100% 0;
    }
  }
`;

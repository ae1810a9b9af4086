/** The three steps of the flow (§2), the current one marked `aria-current="step"`. */
import { useElement } from '../../ui/context';
import type { MessageKey } from '../../core/i18n/index';
import { STEPS } from './store';
import type { ResetStep } from './store';

export const STEP_KEYS: Record<Exclude<ResetStep, 'done'>, MessageKey> = {
  account: 'page.reset.stepAccount',
  verify: 'page.reset.stepVerify',
  reset: 'page.reset.stepReset',
};

export function StepIndicator({ step }: { step: ResetStep }) {
  const { t } = useElement();
  const current = step === 'done' ? STEPS.length : STEPS.indexOf(step);
  return (
    <ol part="steps" className="yx-reset-steps" aria-label={t('reset.steps')}>
      {STEPS.map((s, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li
            key={s}
            part="step"
            className="yx-reset-steps__item"
            data-step={s}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="yx-reset-steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="yx-visually-hidden">{t('reset.step.number', { n: i + 1 })} </span>
            <span className="yx-reset-steps__label">{t(STEP_KEYS[s])}</span>
            {state === 'done' && <span className="yx-visually-hidden"> ({t('reset.step.done')})</span>}
          </li>
        );
      })}
    </ol>
  );
}

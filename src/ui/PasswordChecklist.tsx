/**
 * The live password checklist (§5): length, letter, digit, symbol and allowed characters, each
 * marked met or not as the user types. It is the new password field's description
 * (`aria-describedby`), so a screen reader reads the rules with their state on focus instead of
 * at every keystroke.
 */
import { useT } from './context';
import { rulesCss } from './css/rules';
import { useStyles } from './css/use-styles';
import { passwordChecklist } from '../core/validation/password';

export interface PasswordChecklistProps {
  /** The id the password field points at with `aria-describedby`. */
  id: string;
  password: string;
}

/** `part="password-rules"`; each rule `part="password-rule"` with `data-rule` and
 * `data-state` met | unmet. */
export function PasswordChecklist({ id, password }: PasswordChecklistProps) {
  const t = useT();
  useStyles(rulesCss);
  return (
    <div id={id} part="password-rules" className="yx-rules">
      <span className="yx-rules__title">{t('ui.password.rules')}</span>
      <ul className="yx-rules__list">
        {passwordChecklist(password).map((check) => (
          <li
            key={check.key}
            part="password-rule"
            className="yx-rules__item"
            data-rule={check.key.slice('validation.password.rule.'.length)}
            data-state={check.ok ? 'met' : 'unmet'}
          >
            <span className="yx-rules__icon" aria-hidden="true" />
            <span>{t(check.key)}</span>
            <span className="yx-visually-hidden">{` (${t(check.ok ? 'ui.password.ruleMet' : 'ui.password.ruleUnmet')})`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The live password checklist (§5): length, letter, digit, symbol, allowed characters, each
 * marked met or not as the user types. It is the new password field's description, so a screen
 * reader reads the rules with their state on focus instead of at every keystroke.
 */
import { useElement } from '../../ui/context';
import { passwordChecklist } from '../../core/validation/rules';

export interface PasswordChecklistProps {
  /** The id the password field points at with `aria-describedby`. */
  id: string;
  password: string;
}

export function PasswordChecklist({ id, password }: PasswordChecklistProps) {
  const { t } = useElement();
  const checks = passwordChecklist(password);
  return (
    <div id={id} part="password-rules" className="yx-profile-rules">
      <span className="yx-profile-rules__title">{t('profile.password.rules')}</span>
      <ul className="yx-profile-rules__list">
        {checks.map((check) => (
          <li
            key={check.key}
            part="password-rule"
            className="yx-profile-rules__item"
            data-rule={check.key.slice('validation.password.rule.'.length)}
            data-state={check.ok ? 'met' : 'unmet'}
          >
            <span className="yx-profile-rules__icon" aria-hidden="true" />
            <span>{t(check.key)}</span>
            <span className="yx-visually-hidden">
              {` (${t(check.ok ? 'profile.password.ruleMet' : 'profile.password.ruleUnmet')})`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

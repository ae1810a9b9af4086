/**
 * The live password checklist (§5) of the forced set-password step: each rule marked met or not
 * as the user types. It describes the new password field, so a screen reader reads the rules
 * with their state on focus rather than at every keystroke.
 * (One copy per feature for now; see the note in the issue about a shared UI primitive.)
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
  return (
    <div id={id} part="password-rules" className="yx-login-rules">
      <span className="yx-login-rules__title">{t('login.rules.title')}</span>
      <ul className="yx-login-rules__list">
        {passwordChecklist(password).map((check) => (
          <li
            key={check.key}
            part="password-rule"
            className="yx-login-rules__item"
            data-rule={check.key.slice('validation.password.rule.'.length)}
            data-state={check.ok ? 'met' : 'unmet'}
          >
            <span className="yx-login-rules__icon" aria-hidden="true" />
            <span>{t(check.key)}</span>
            <span className="yx-visually-hidden">{` (${t(check.ok ? 'login.rules.met' : 'login.rules.unmet')})`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

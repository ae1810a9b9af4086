/** How to make a key (§5 allows RSA or Ed25519): the `ssh-keygen` command with a Copy button, and
 * where the public half is written. */
import { useId, useRef, useState } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';

/** The command the help suggests: Ed25519 is short, fast and accepted everywhere. */
export const KEYGEN_COMMAND = 'ssh-keygen -t ed25519 -C "you@example.com"';
/** Where that command writes the public key by default. */
export const PUBLIC_KEY_PATH = '~/.ssh/id_ed25519.pub';

export function SshKeyHelp() {
  const { t, root } = useElement();
  const id = useId();
  const command = useRef<HTMLElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');
  const [before, after] = t('ssh.help.pubFile').split('{path}');

  const copyCommand = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(KEYGEN_COMMAND);
      setCopy('copied');
    } catch {
      // Insecure context or denied permission: select the command so one shortcut copies it.
      const selection =
        (root as ShadowRoot & { getSelection?: () => Selection | null }).getSelection?.() ?? document.getSelection();
      if (command.current) selection?.selectAllChildren(command.current);
      setCopy('manual');
    }
  };

  return (
    <section part="key-help" className="yx-ssh-help" aria-labelledby={`${id}title`}>
      <p id={`${id}title`} className="yx-ssh-help__title">
        {t('ssh.help.title')}
      </p>
      <p className="yx-ssh-help__text">{t('ssh.help.generate')}</p>
      {/* Named as a group: a <code> element may not carry a name of its own (ARIA 1.2). */}
      <div role="group" aria-label={t('ssh.help.commandLabel')} className="yx-ssh-help__command">
        <code ref={command} part="help-command" className="yx-ssh-mono yx-ssh-help__code">
          {KEYGEN_COMMAND}
        </code>
        <Button size="sm" part="button copy-button" aria-describedby={`${id}copied`} onClick={() => void copyCommand()}>
          {t('ssh.help.copy')}
        </Button>
      </div>
      <p id={`${id}copied`} role="status" className="yx-ssh-help__status" data-state={copy}>
        {copy === 'copied' ? t('ssh.help.copied') : copy === 'manual' ? t('ssh.help.copyFailed') : ''}
      </p>
      <p className="yx-ssh-help__text">
        {before}
        <code className="yx-ssh-mono">{PUBLIC_KEY_PATH}</code>
        {after}
      </p>
    </section>
  );
}

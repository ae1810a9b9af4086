/** The add / edit drawer: the SSH key form, Cancel and submit. */
import { useId } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import type { SshKey, SshKeysApi } from './api';
import { SshKeyForm, useSshKeyForm } from './SshKeyForm';
import type { SshKeyFormMode, SshKeySaveOutcome } from './SshKeyForm';

export interface SshKeyDrawerProps {
  open: boolean;
  mode: SshKeyFormMode;
  /** The key being edited (edit mode). */
  sshKey?: SshKey | undefined;
  api: SshKeysApi;
  onClose(): void;
  onSaved(outcome: SshKeySaveOutcome): void;
}

/** Give each opening a new `key`: it then starts from a fresh form (or the key's values). */
export function SshKeyDrawer({ open, mode, sshKey, api, onClose, onSaved }: SshKeyDrawerProps) {
  const { t } = useElement();
  const formId = useId();
  const form = useSshKeyForm({ mode, sshKey, api, onSaved });
  return (
    <Drawer
      open={open}
      onOpenChange={(next) => {
        if (!next && !form.saving) onClose();
      }}
      className="yx-ssh-drawer"
      title={t(mode === 'create' ? 'ssh.form.addTitle' : 'ssh.form.editTitle')}
      footer={
        <>
          <Button
            part="button cancel-button"
            aria-disabled={form.saving || undefined}
            onClick={() => {
              if (!form.saving) onClose();
            }}
          >
            {t('common.cancel')}
          </Button>
          <Button
            part="button submit-button"
            variant="primary"
            type="submit"
            form={formId}
            loading={form.saving}
            aria-disabled={form.blocked || undefined}
            {...(form.blocked && !form.saving ? { 'data-state': 'disabled' } : {})}
          >
            {t(mode === 'create' ? 'ssh.action.submitAdd' : 'ssh.action.submitEdit')}
          </Button>
        </>
      }
    >
      <SshKeyForm form={form} formId={formId} />
    </Drawer>
  );
}

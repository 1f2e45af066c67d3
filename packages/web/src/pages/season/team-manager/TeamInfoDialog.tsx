import Modal from 'antd/es/modal';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamRow } from '../../../api/team-calls';
import { useDialogAction } from '../../../components/players/useDialogAction';
import { type TeamTextDraft, TeamTextFields, teamTextToSend } from '../../../components/teams/TeamTextFields';

/** Changing a team's name and detail; OK stays disabled while one breaks its rule or nothing changed. */
export function TeamInfoDialog({
  team,
  onCancel,
  onSave,
}: {
  team: TeamRow | null;
  onCancel: () => void;
  onSave: (team: TeamRow, next: TeamTextDraft) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TeamTextDraft>({ name: '', detail: '' });
  const { working, run } = useDialogAction(onCancel);
  useEffect(() => {
    if (team) setDraft({ name: team.name, detail: team.detail });
  }, [team]);
  const toSend = teamTextToSend(draft);
  const changed =
    team !== null && toSend !== null && (toSend.name !== team.name || toSend.detail !== team.detail);
  const save = () => {
    if (team && toSend && changed) void run(() => onSave(team, toSend));
  };

  return (
    <Modal
      open={team !== null}
      title={t('teams.info.title', { name: team?.name ?? '' })}
      onCancel={onCancel}
      okText={t('teams.info.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !changed, 'data-testid': 'team-info-ok' }}
      confirmLoading={working}
      onOk={save}
      destroyOnHidden
      data-testid="team-info-dialog"
    >
      <TeamTextFields
        testId="team-info"
        value={draft}
        onChange={setDraft}
        disabled={working}
        autoFocus
        onSubmit={save}
      />
    </Modal>
  );
}

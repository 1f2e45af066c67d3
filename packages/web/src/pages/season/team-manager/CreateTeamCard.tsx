import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TeamTextDraft, TeamTextFields, teamTextToSend } from '../../../components/teams/TeamTextFields';

const EMPTY: TeamTextDraft = { name: '', detail: '' };

/**
 * The create-team card (shown while the season has fewer than 300 teams): name and detail with their live
 * counters; OK stays disabled while the name (or the detail) breaks its rule. `onCreate` rejects on failure
 * (the client has shown the error), which keeps what was typed.
 */
export function CreateTeamCard({
  left,
  onCreate,
}: {
  /** Teams that may still be created. */
  left: number;
  onCreate: (team: TeamTextDraft) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TeamTextDraft>(EMPTY);
  const [working, setWorking] = useState(false);
  const toSend = teamTextToSend(draft);

  const create = async () => {
    if (!toSend || working) return;
    setWorking(true);
    try {
      await onCreate(toSend);
      setDraft(EMPTY);
    } catch {
      // the client has shown the error; the text stays for another try
    } finally {
      setWorking(false);
    }
  };

  return (
    <Card
      size="small"
      data-testid="team-create-card"
      title={
        <span>
          <PlusOutlined /> {t('teams.create.title')}
        </span>
      }
      extra={<Typography.Text type="secondary">{t('teams.create.left', { count: left })}</Typography.Text>}
    >
      <TeamTextFields
        testId="team-create"
        value={draft}
        onChange={setDraft}
        disabled={working}
        onSubmit={() => void create()}
      />
      <Button
        type="primary"
        block
        data-testid="team-create-ok"
        disabled={!toSend}
        loading={working}
        onClick={() => void create()}
      >
        {t('teams.create.ok')}
      </Button>
    </Card>
  );
}

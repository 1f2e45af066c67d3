import PlaySquareOutlined from '@ant-design/icons/PlaySquareOutlined';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A record's replay page: every hand, step by step, and the wall seed's verification. */
export const replayPath = (uuid: string) => `/play/replay/${encodeURIComponent(uuid)}`;

/** Opens a record's replay (the replay page, which organisers and observers may read as players do). */
export function ReplayButton({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      size="small"
      icon={<PlaySquareOutlined />}
      href={replayPath(uuid)}
      data-testid={`record-replay-${uuid}`}
      onClick={(e) => {
        e.preventDefault();
        navigate(replayPath(uuid));
      }}
    >
      {t('record.replay')}
    </Button>
  );
}

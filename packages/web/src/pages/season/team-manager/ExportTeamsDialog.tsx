import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportTeamXlsx } from '../../../api/team-calls';
import { saveXlsx, xlsxFileName } from '../../../components/teams/xlsx';
import { currentLanguage } from '../../../i18n';

type Stage = 'idle' | 'building' | 'saving';

const PERCENT: Record<Stage, number> = { idle: 0, building: 40, saving: 100 };

/**
 * The team list as a spreadsheet (team, detail, nickname, id, remark; one row a member): an editable file name,
 * the server builds the file (progress), then the browser saves it.
 */
export function ExportTeamsDialog({
  open,
  uniqueId,
  seasonId,
  defaultName,
  onClose,
}: {
  open: boolean;
  uniqueId: number;
  seasonId: number;
  defaultName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [name, setName] = useState(defaultName);
  const [stage, setStage] = useState<Stage>('idle');
  const cancelled = useRef(false);

  useEffect(() => {
    if (open) {
      setName(defaultName);
      setStage('idle');
      cancelled.current = false;
    }
  }, [open, defaultName]);

  const close = () => {
    cancelled.current = true;
    setStage('idle');
    onClose();
  };

  const run = async () => {
    cancelled.current = false;
    setStage('building');
    try {
      const file = await exportTeamXlsx({
        unique_id: uniqueId,
        season_id: seasonId,
        lang: currentLanguage(),
      });
      if (cancelled.current) return;
      setStage('saving');
      saveXlsx(xlsxFileName(name, file.file_name || defaultName), file.content_base64);
      void message.success(t('teams.export.done'));
      onClose();
    } catch {
      // the client has shown the error
      setStage('idle');
    }
  };

  const running = stage !== 'idle';
  return (
    <Modal
      open={open}
      title={t('teams.export.title')}
      onCancel={close}
      mask={{ closable: !running }}
      destroyOnHidden
      data-testid="team-export-dialog"
      footer={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            data-testid="team-export-start"
            loading={running}
            disabled={name.trim() === ''}
            onClick={() => void run()}
          >
            {t('teams.export.start')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('teams.export.fileName')} extra={t('teams.export.columns')}>
          <Input
            data-testid="team-export-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={running}
            suffix={<Typography.Text type="secondary">XLSX</Typography.Text>}
          />
        </Form.Item>
      </Form>
      {running && (
        <div data-testid="team-export-progress">
          <Progress percent={PERCENT[stage]} status={stage === 'saving' ? 'success' : 'active'} />
          <Typography.Text type="secondary">
            {stage === 'building' ? t('teams.export.building') : t('teams.export.saving')}
          </Typography.Text>
        </div>
      )}
    </Modal>
  );
}

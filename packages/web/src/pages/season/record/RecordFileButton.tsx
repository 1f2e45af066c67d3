import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchGameRecordFile } from '../../../api/game-calls';
import { downloadJson } from './downloadJson';

type RecordFile = Awaited<ReturnType<typeof fetchGameRecordFile>>;

/**
 * A record's game file: saves it in Tenhou's JSON format as `<uuid>.json`, then shows its verification (every
 * wall re-dealt from the revealed seed, and the seed against the commitment published when the game started).
 */
export function RecordFileButton({
  uniqueId,
  seasonId,
  uuid,
}: {
  uniqueId: number;
  seasonId: number;
  uuid: string;
}) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [file, setFile] = useState<RecordFile | null>(null);

  const load = async () => {
    setLoading(true);
    try {
      const answer = await fetchGameRecordFile({ unique_id: uniqueId, season_id: seasonId, uuid });
      downloadJson(`${answer.uuid || uuid}.json`, answer.tenhou);
      setFile(answer);
    } catch {
      // the client has shown the error
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Tooltip title={t('record.fileHint')}>
        <Button
          size="small"
          icon={<SafetyCertificateOutlined />}
          loading={loading}
          data-testid={`record-file-${uuid}`}
          onClick={() => void load()}
        >
          {t('record.file')}
        </Button>
      </Tooltip>
      <Modal
        open={file !== null}
        title={t('record.verifyTitle')}
        onCancel={() => setFile(null)}
        footer={
          <Button type="primary" onClick={() => setFile(null)}>
            {t('common.confirm')}
          </Button>
        }
        width={640}
        destroyOnHidden
      >
        {file && (
          <div data-testid="record-verify">
            {file.verification.ok ? (
              <Alert
                type="success"
                showIcon
                data-testid="record-verify-ok"
                title={t('record.verifyOk', { hands: file.verification.hands })}
              />
            ) : (
              <Alert
                type="error"
                showIcon
                data-testid="record-verify-failed"
                title={t('record.verifyFailed', { hands: file.verification.hands })}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {file.verification.problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                }
              />
            )}
            <Descriptions column={1} size="small" bordered style={{ marginTop: 16 }}>
              <Descriptions.Item label={t('record.uuid')}>
                <Typography.Text copyable code>
                  {file.uuid}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('record.seed')}>
                <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
                  {file.seed}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('record.commitment')}>
                <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
                  {file.commitment}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('record.verifyHint', { name: `${file.uuid || ''}.json` })}
            </Typography.Paragraph>
          </div>
        )}
      </Modal>
    </>
  );
}

import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { ErrorCode } from '@taikai/protocol';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Steps from 'antd/es/steps';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/client';
import {
  fetchTeamImportTemplate,
  type ImportAnswer,
  type ImportedRow,
  importTeamXlsx,
} from '../../../api/team-calls';
import {
  readFileBase64,
  saveXlsx,
  XLSX_MIME,
  xlsxFileName,
  xlsxUploadProblem,
} from '../../../components/teams/xlsx';
import { currentLanguage } from '../../../i18n';
import { importRowProblems, importWritable } from './teamView';

/** Where an import stands: choosing a file, reading it, the server checking it, checked, writing, written. */
type Stage = 'choose' | 'reading' | 'checking' | 'checked' | 'writing';

const STEP: Record<Stage, number> = { choose: 0, reading: 0, checking: 1, checked: 1, writing: 2 };
const PERCENT: Record<Stage, number> = { choose: 0, reading: 15, checking: 45, checked: 66, writing: 85 };

/**
 * Team import from a spreadsheet (spec §5): one .xlsx file (other types refused), read in the browser, checked
 * by the server without writing (`dry_run` 1: every row with its errors in words), then written in one go
 * (`dry_run` 0), only when no row has an error. Steps and a progress bar follow read, check and write.
 */
export function ImportTeamsDialog({
  open,
  uniqueId,
  seasonId,
  onClose,
  onImported,
}: {
  open: boolean;
  uniqueId: number;
  seasonId: number;
  onClose: () => void;
  onImported: (answer: ImportAnswer) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [stage, setStage] = useState<Stage>('choose');
  const [failedStep, setFailedStep] = useState<number | null>(null);
  const [fileName, setFileName] = useState('');
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [template, setTemplate] = useState(false);
  const content = useRef('');
  // A file chosen after this one (or the dialog closed) makes the answers of this one stale.
  const attempt = useRef(0);

  const reset = () => {
    attempt.current += 1;
    content.current = '';
    setStage('choose');
    setFailedStep(null);
    setFileName('');
    setAnswer(null);
    setOnlyProblems(false);
  };

  // A dialog opened again starts over; a closing one keeps its content while it fades out.
  useEffect(() => {
    if (!open) return;
    attempt.current += 1;
    content.current = '';
    setStage('choose');
    setFailedStep(null);
    setFileName('');
    setAnswer(null);
    setOnlyProblems(false);
  }, [open]);

  const close = () => {
    attempt.current += 1;
    onClose();
  };

  const check = async (file: File) => {
    reset();
    const mine = attempt.current;
    setFileName(file.name);
    setStage('reading');
    try {
      content.current = await readFileBase64(file);
    } catch {
      if (mine !== attempt.current) return;
      setFailedStep(0);
      setStage('choose');
      void message.error(t('teams.import.readFailed'));
      return;
    }
    if (mine !== attempt.current) return;
    await dryRun(mine);
  };

  /** Asks the server to read the file without writing; the rows and their errors come back. */
  const dryRun = async (mine: number) => {
    setFailedStep(null);
    setStage('checking');
    try {
      const checked = await importTeamXlsx({
        unique_id: uniqueId,
        season_id: seasonId,
        content_base64: content.current,
        dry_run: 1,
      });
      if (mine !== attempt.current) return;
      setAnswer(checked);
      setOnlyProblems(!importWritable(checked.rows) && checked.rows.length > 10);
      setStage('checked');
    } catch {
      // the client has shown the error
      if (mine !== attempt.current) return;
      setFailedStep(1);
      setStage('choose');
    }
  };

  const write = async () => {
    if (!answer || !importWritable(answer.rows)) return;
    const mine = attempt.current;
    setStage('writing');
    try {
      const written = await importTeamXlsx({
        unique_id: uniqueId,
        season_id: seasonId,
        content_base64: content.current,
        dry_run: 0,
      });
      if (mine !== attempt.current) return;
      if (written.written !== 1) {
        setAnswer(written);
        setFailedStep(2);
        setStage('checked');
        void message.error(t('teams.import.notWritten'));
        return;
      }
      void message.success(t('teams.import.done', { rows: written.valid_rows, teams: written.new_teams }));
      await onImported(written);
      close();
    } catch (error) {
      // the client has shown the error. 2578: nothing was written, as something changed since the check (a
      // team created, a player blacklisted): the file is checked again to show what stands in the way now.
      if (mine !== attempt.current) return;
      if (error instanceof ApiError && error.code === ErrorCode.TEAM_IMPORT_FAILED) {
        await dryRun(mine);
        return;
      }
      setFailedStep(2);
      setStage('checked');
    }
  };

  const downloadTemplate = async () => {
    setTemplate(true);
    try {
      const file = await fetchTeamImportTemplate({ lang: currentLanguage() });
      saveXlsx(xlsxFileName(file.file_name, 'teams-template.xlsx'), file.content_base64);
    } catch {
      // the client has shown the error
    } finally {
      setTemplate(false);
    }
  };

  const rows = answer?.rows ?? [];
  const problems = rows.filter((r) => r.errors.length > 0).length;
  const writable = answer !== null && importWritable(rows);
  const busy = stage === 'reading' || stage === 'checking' || stage === 'writing';
  const current = STEP[stage];
  const stepStatus = (index: number) => {
    if (failedStep === index) return 'error' as const;
    if (index < current || (stage === 'checked' && index === 1 && writable)) return 'finish' as const;
    if (index === current && busy) return 'process' as const;
    if (stage === 'checked' && index === 1 && !writable) return 'error' as const;
    return 'wait' as const;
  };
  const shown = onlyProblems ? rows.filter((r) => r.errors.length > 0) : rows;

  return (
    <Modal
      open={open}
      title={t('teams.import.title')}
      onCancel={close}
      mask={{ closable: !busy }}
      destroyOnHidden
      width={960}
      data-testid="team-import-dialog"
      footer={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            data-testid="team-import-write"
            disabled={!writable || busy}
            loading={stage === 'writing'}
            onClick={() => void write()}
          >
            {t('teams.import.write')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Steps
          size="small"
          data-testid="team-import-steps"
          current={current}
          items={[
            { title: t('teams.import.stepRead'), status: stepStatus(0) },
            { title: t('teams.import.stepCheck'), status: stepStatus(1) },
            { title: t('teams.import.stepWrite'), status: stepStatus(2) },
          ]}
        />
        <Alert
          type="info"
          showIcon
          title={t('teams.import.rules')}
          description={t('teams.import.columns')}
          action={
            <Button
              size="small"
              type="link"
              icon={<DownloadOutlined />}
              loading={template}
              data-testid="team-import-template"
              onClick={() => void downloadTemplate()}
            >
              {t('teams.import.template')}
            </Button>
          }
        />
        <Upload.Dragger
          accept={`.xlsx,${XLSX_MIME}`}
          multiple={false}
          maxCount={1}
          showUploadList={false}
          disabled={busy}
          data-testid="team-import-upload"
          beforeUpload={(file) => {
            const problem = xlsxUploadProblem(file);
            if (problem) {
              void message.error(t(`teams.import.fileProblem.${problem}`, { name: file.name }));
              return Upload.LIST_IGNORE;
            }
            void check(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {fileName ? t('teams.import.chosen', { name: fileName }) : t('teams.import.choose')}
          </p>
          <p className="ant-upload-hint">{t('teams.import.chooseHint')}</p>
        </Upload.Dragger>
        {(busy || stage === 'checked') && (
          <div data-testid="team-import-progress">
            <Progress
              percent={PERCENT[stage]}
              status={busy ? 'active' : failedStep !== null || !writable ? 'exception' : 'normal'}
            />
            <Typography.Text type="secondary">{t(`teams.import.progress.${stage}`)}</Typography.Text>
          </div>
        )}
        {answer && (
          <>
            <Alert
              data-testid="team-import-summary"
              type={writable ? 'success' : 'error'}
              showIcon
              title={t('teams.import.summary', {
                rows: rows.length,
                valid: answer.valid_rows,
                teams: answer.new_teams,
              })}
              description={
                rows.length === 0
                  ? t('teams.import.noRows')
                  : writable
                    ? t('teams.import.ready')
                    : t('teams.import.fix', { count: problems })
              }
            />
            {problems > 0 && (
              <Checkbox
                checked={onlyProblems}
                onChange={(e) => setOnlyProblems(e.target.checked)}
                data-testid="team-import-only-problems"
              >
                {t('teams.import.onlyProblems', { count: problems })}
              </Checkbox>
            )}
            <ImportRowsTable rows={shown} />
          </>
        )}
      </Space>
    </Modal>
  );
}

/** The rows of an import file as the server read them, each with its problems in words. */
function ImportRowsTable({ rows }: { rows: readonly ImportedRow[] }) {
  const { t } = useTranslation();
  return (
    <Table<ImportedRow>
      data-testid="team-import-rows"
      size="small"
      rowKey="row"
      dataSource={[...rows]}
      rowClassName={(r) => (r.errors.length > 0 ? 'team-import-row-error' : '')}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false, size: 'small' } : false}
      columns={[
        { title: t('teams.import.row'), dataIndex: 'row', width: 64 },
        { title: t('teams.import.teamName'), dataIndex: 'team_name', ellipsis: true },
        { title: t('players.nickname'), dataIndex: 'nickname', ellipsis: true },
        {
          title: t('players.publicId'),
          dataIndex: 'account_id',
          width: 120,
          render: (id: number) => id || <Typography.Text type="secondary">—</Typography.Text>,
        },
        { title: t('players.remark'), dataIndex: 'remark', ellipsis: true },
        {
          title: t('teams.import.problems'),
          key: 'problems',
          width: 280,
          render: (_: unknown, r: ImportedRow) =>
            r.errors.length === 0 ? (
              <Tag color="green">{t('teams.import.rowOk')}</Tag>
            ) : (
              <div data-testid={`team-import-row-${r.row}-problems`}>
                {importRowProblems(r).map((p) => (
                  <div key={p.code}>
                    <Typography.Text type="danger">{p.key ? t(p.key) : errorText(p.code)}</Typography.Text>
                  </div>
                ))}
              </div>
            ),
        },
      ]}
    />
  );
}

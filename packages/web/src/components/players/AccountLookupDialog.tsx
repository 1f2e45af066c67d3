import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccountLookup, type FoundAccount, lookupAccounts, readIdLines } from './accounts';

export interface AccountLookupDialogProps {
  open: boolean;
  title: ReactNode;
  /** Text of the final button; `{{count}}` is the number of accounts found. */
  confirmText: (count: number) => string;
  /** A line under the title saying what confirming does. */
  hint?: ReactNode;
  /** A choice that goes with confirming (the role of new managers), under the hint. */
  options?: ReactNode;
  /** Prefix of the dialog's test ids (`<prefix>-ids`, `<prefix>-lookup`, `<prefix>-confirm` …). */
  testId: string;
  danger?: boolean;
  /**
   * Why an account found cannot be chosen (the creator as an admin, an admin already), or null. Such accounts
   * are listed apart with their reason (`<prefix>-excluded`) and never offered nor passed to `onConfirm`.
   */
  excluded?: (account: FoundAccount) => string | null;
  /** Title of the list of accounts not offered; `count` of them. */
  excludedTitle?: (count: number) => string;
  onCancel: () => void;
  /** Does the work with the accounts found; the dialog closes when it resolves to true. */
  onConfirm: (accounts: FoundAccount[]) => Promise<boolean>;
}

/**
 * Players by public id: type ids one per line, look them up (batches of 1000), read the nicknames found and
 * the lines that found no one, then confirm. Used for "search and join players" and "set player list".
 */
export function AccountLookupDialog({
  open,
  title,
  confirmText,
  hint,
  options,
  testId,
  danger,
  excluded,
  excludedTitle,
  onCancel,
  onConfirm,
}: AccountLookupDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<AccountLookup | null>(null);
  const [working, setWorking] = useState(false);
  const typed = readIdLines(text);
  const lines = typed.ids.length + typed.invalid.length;

  // Reset when opened (not when closed), so a closing dialog keeps its content while it fades out.
  useEffect(() => {
    if (open) {
      setText('');
      setResult(null);
      setProgress(null);
      setWorking(false);
    }
  }, [open]);

  const lookup = async () => {
    setWorking(true);
    try {
      setResult(await lookupAccounts(text, (done, total) => setProgress({ done, total })));
    } catch {
      // the client has shown the error; the ids stay for another try
    } finally {
      setWorking(false);
      setProgress(null);
    }
  };

  const confirm = async () => {
    if (!result) return;
    setWorking(true);
    try {
      if (await onConfirm(found)) onCancel();
    } catch {
      // the client has shown the error
    } finally {
      setWorking(false);
    }
  };

  const reasons = (result?.found ?? []).map((a) => ({ account: a, reason: excluded?.(a) ?? null }));
  const found = reasons.filter((r) => r.reason === null).map((r) => r.account);
  const notOffered = reasons.filter((r) => r.reason !== null);
  const footer = result ? (
    <Space>
      <Button data-testid={`${testId}-back`} disabled={working} onClick={() => setResult(null)}>
        {t('players.back')}
      </Button>
      <Button
        type="primary"
        danger={danger}
        data-testid={`${testId}-confirm`}
        loading={working}
        disabled={found.length === 0}
        onClick={() => void confirm()}
      >
        {confirmText(found.length)}
      </Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button
        type="primary"
        icon={<SearchOutlined />}
        data-testid={`${testId}-lookup`}
        loading={working}
        disabled={lines === 0}
        onClick={() => void lookup()}
      >
        {t('players.lookup')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
      footer={footer}
      data-testid={testId}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
        {options}
        {!result ? (
          <>
            <div>
              <Typography.Text strong>{t('players.idsLabel')}</Typography.Text>
              <Input.TextArea
                data-testid={`${testId}-ids`}
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoSize={{ minRows: 6, maxRows: 14 }}
                placeholder={t('players.idsPlaceholder')}
                disabled={working}
                style={{ marginTop: 8, fontFamily: 'monospace' }}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('players.idsCount', { count: lines })}
              </Typography.Text>
            </div>
            {progress && progress.total > 0 && (
              <Progress
                data-testid={`${testId}-progress`}
                percent={Math.round((progress.done / progress.total) * 100)}
                size="small"
              />
            )}
          </>
        ) : (
          <>
            {result.missing.length > 0 && (
              <Alert
                type="warning"
                showIcon
                data-testid={`${testId}-missing`}
                title={t('players.notFound', { count: result.missing.length })}
                description={
                  <Typography.Text style={{ wordBreak: 'break-all' }}>
                    {result.missing.join(', ')}
                  </Typography.Text>
                }
              />
            )}
            {notOffered.length > 0 && (
              <Alert
                type="info"
                showIcon
                data-testid={`${testId}-excluded`}
                title={excludedTitle?.(notOffered.length)}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {notOffered.map(({ account, reason }) => (
                      <li key={account.account_id}>
                        {account.nickname} ({account.publicId}): {reason}
                      </li>
                    ))}
                  </ul>
                }
              />
            )}
            {found.length === 0 ? (
              <Alert type="error" showIcon title={t('players.noneFound')} data-testid={`${testId}-none`} />
            ) : (
              <>
                <Typography.Text>{t('players.found', { count: found.length })}</Typography.Text>
                <Table<FoundAccount>
                  data-testid={`${testId}-found`}
                  size="small"
                  rowKey="account_id"
                  dataSource={found}
                  pagination={
                    found.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false
                  }
                  columns={[
                    { title: t('players.nickname'), dataIndex: 'nickname' },
                    { title: t('players.publicId'), dataIndex: 'publicId', width: 140 },
                  ]}
                />
              </>
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}

import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContestDetail, updateContestBase } from '../../../api/calls';
import { keys } from '../../../api/queries';
import { NoticeEditor } from '../notice/NoticeEditor';
import { noticeListOf, noticeValuesOf, sameNotice, tooLong } from '../notice/noticeForm';

/** The manager notice: read by the tournament's creator and admins only (2000 characters). */
export function ManagerNoticeCard({ contest, readOnly }: { contest: ContestDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const multi = contest.i18n_switch === 1;
  const [values, setValues] = useState(() => noticeValuesOf(contest.manager_notice, multi));
  const [saving, setSaving] = useState(false);
  const stored = noticeValuesOf(contest.manager_notice, multi);

  useEffect(() => {
    setValues(noticeValuesOf(contest.manager_notice, contest.i18n_switch === 1));
  }, [contest]);

  const changed = !sameNotice(values, stored, multi);
  const invalid = tooLong('manager', values, multi).length > 0;

  const update = async () => {
    setSaving(true);
    try {
      const updated = await updateContestBase({
        unique_id: contest.unique_id,
        setting: { manager_notice: noticeListOf(values, multi) },
      });
      queryClient.setQueryData(keys.contest(contest.unique_id), updated);
      void message.success(t('notice.updated'));
    } catch {
      // the client has shown the refusal; the text stays
    } finally {
      setSaving(false);
    }
  };

  const reason = invalid ? t('notice.fixLength') : !changed ? t('notice.noChanges') : undefined;

  return (
    <Card
      data-testid="manager-notice-card"
      title={t('manager.noticeTitle')}
      extra={
        !readOnly && (
          <Tooltip title={reason}>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              data-testid="manager-notice-update"
              disabled={!!reason}
              loading={saving}
              onClick={() => void update()}
            >
              {t('common.update')}
            </Button>
          </Tooltip>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('manager.noticeHint')}</Typography.Paragraph>
      <NoticeEditor
        kind="manager"
        multi={multi}
        values={values}
        onChange={setValues}
        readOnly={readOnly}
        testId="manager-notice"
      />
    </Card>
  );
}

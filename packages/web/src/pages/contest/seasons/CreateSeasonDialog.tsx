import { defaultSeasonEnd, LIMITS } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createContestSeason, type SeasonItem } from '../../../api/calls';
import { useServerClock } from '../../../api/queries';
import { DATE_TIME_FORMAT } from '../../../components/time';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage';
import { seasonChanged } from './seasonCache';
import { rangeProblem } from './seasonTimes';

interface CreateSeasonFields {
  range: [Dayjs, Dayjs] | null;
}

const DAY_S = 86_400;

/** Start and end of a new season: start one day ahead, end seven days after it, to the minute. */
export function defaultSeasonTimes(now: number): { start: number; end: number } {
  const start = Math.ceil((now + DAY_S) / 60) * 60;
  return { start, end: defaultSeasonEnd(start) };
}

/** Creates the tournament's next season, then calls `onCreated` with it. */
export function CreateSeasonDialog({
  uniqueId,
  open,
  onClose,
  onCreated,
}: {
  uniqueId: number;
  open: boolean;
  onClose: () => void;
  onCreated: (season: SeasonItem) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const clock = useServerClock();
  const [form] = Form.useForm<CreateSeasonFields>();
  useRevalidateOnLanguage(form);
  const [submitting, setSubmitting] = useState(false);

  const offset = clock.data?.offset ?? 0;
  const serverNow = useCallback(() => Math.floor(Date.now() / 1000 + offset), [offset]);

  const initialValues = useMemo<CreateSeasonFields>(() => {
    const { start, end } = defaultSeasonTimes(serverNow());
    return { range: [dayjs.unix(start), dayjs.unix(end)] };
  }, [serverNow]);

  const submit = async () => {
    let fields: CreateSeasonFields;
    try {
      fields = await form.validateFields();
    } catch {
      return;
    }
    if (!fields.range) return;
    setSubmitting(true);
    try {
      const season = await createContestSeason({
        unique_id: uniqueId,
        start_time: fields.range[0].unix(),
        end_time: fields.range[1].unix(),
      });
      await seasonChanged(queryClient, uniqueId, season);
      void message.success(t('seasons.created', { id: season.season_id }));
      onCreated(season);
    } catch {
      // the client has shown the translated refusal (2535 a season not ended, 2562/2549 times)
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('seasons.createTitle')}
      width={560}
      onCancel={onClose}
      onOk={submit}
      okText={t('seasons.createSubmit')}
      cancelText={t('common.cancel')}
      confirmLoading={submitting}
      okButtonProps={{ 'data-testid': 'create-season-submit' }}
      destroyOnHidden
      data-testid="create-season-dialog"
    >
      <Alert type="info" showIcon title={t('seasons.createHint')} style={{ margin: '16px 0 24px' }} />
      <Form<CreateSeasonFields>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        requiredMark={false}
      >
        <Form.Item
          name="range"
          label={t('seasons.seasonTime')}
          extra={t('seasons.createDefaults', { days: LIMITS.DEFAULT_SEASON_LENGTH_S / DAY_S })}
          rules={[
            {
              validator: (_, value: [Dayjs, Dayjs] | null) => {
                if (!value?.[0] || !value[1]) return Promise.reject(new Error(t('seasons.timeRequired')));
                const problem = rangeProblem(value[0].unix(), value[1].unix(), serverNow());
                if (problem)
                  return Promise.reject(new Error(t(`seasons.${problem}`, { days: LIMITS.SPAN_MAX_DAYS })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            data-testid="create-season-range"
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            placeholder={[t('seasons.startTime'), t('seasons.endTime')]}
            disabledDate={(day) => day.isBefore(dayjs.unix(serverNow()), 'day')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

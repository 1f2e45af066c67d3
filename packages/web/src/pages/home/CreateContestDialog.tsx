import {
  DEFAULT_RULE_4P,
  defaultContestTimes,
  defaultRoundTypeFor,
  GameVariant,
  LIMITS,
  PLAYABLE_VARIANTS,
  RoundType,
  THINKING_PRESETS,
} from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Checkbox from 'antd/es/checkbox';
import DatePicker, { type RangePickerProps } from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createContest } from '../../api/calls';
import { currencyTotal, keys, useAccountInfo, useServerClock } from '../../api/queries';
import { ContestNameFields } from '../../components/ContestNameFields';
import { roundTypeLabel, variantLabel } from '../../components/contestLabels';
import { DATE_TIME_FORMAT } from '../../components/time';
import { useRevalidateOnLanguage } from '../../components/useRevalidateOnLanguage';
import {
  buildCreateRequest,
  type CreateContestFields,
  type EnteredRange,
  rangeMessage,
  roundTypesFor,
  thinkingKey,
} from './createContest';

/**
 * The range picker holding what the organiser sees: a date typed (once it reads as a date) or picked counts
 * at once, without waiting for OK, and leaving the field by click, Tab or Enter keeps it. The ends stay as
 * entered, never swapped or reverted, so a wrong range is explained by the field's rule and not sent.
 */
function EnteredRangePicker({ onChange, ...props }: RangePickerProps) {
  return (
    <DatePicker.RangePicker
      {...props}
      order={false}
      needConfirm={false}
      onChange={onChange}
      onCalendarChange={(dates, texts) =>
        onChange?.(dates as Parameters<NonNullable<typeof onChange>>[0], texts)
      }
    />
  );
}

export default function CreateContestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const account = useAccountInfo();
  const clock = useServerClock();
  const [form] = Form.useForm<CreateContestFields>();
  useRevalidateOnLanguage(form);
  const [submitting, setSubmitting] = useState(false);
  const multi = Form.useWatch('multi', form) ?? false;
  const variant = Form.useWatch('variant', form) ?? GameVariant.LIQI;

  const offset = clock.data?.offset ?? 0;
  const serverNow = useCallback(() => Math.floor(Date.now() / 1000 + offset), [offset]);

  const initialValues = useMemo<CreateContestFields>(() => {
    const { start_time, end_time } = defaultContestTimes(serverNow());
    return {
      multi: false,
      name: '',
      names: { chs: '', chs_t: '', jp: '', en: '', kr: '' },
      // Whole minutes, as the picker shows them.
      range: [dayjs.unix(start_time).startOf('minute'), dayjs.unix(end_time).startOf('minute')],
      variant: GameVariant.LIQI,
      roundType: RoundType.SOUTH_4P,
      thinking: thinkingKey(DEFAULT_RULE_4P),
      pledge: false,
    };
  }, [serverNow]);

  const submit = async () => {
    let fields: CreateContestFields;
    try {
      fields = await form.validateFields();
    } catch {
      return;
    }
    const balance = currencyTotal(account.data?.currency);
    modal.confirm({
      title: t('create.confirmTitle'),
      content: t('create.confirmContent', { cost: LIMITS.CREATE_COST, balance }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'create-confirm' },
      cancelButtonProps: { 'data-testid': 'create-confirm-cancel' },
      onOk: async () => {
        setSubmitting(true);
        try {
          await createContest(buildCreateRequest(fields));
          void message.success(t('create.success'));
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: keys.contests }),
            queryClient.invalidateQueries({ queryKey: keys.account }),
          ]);
          onClose();
        } catch {
          // the client has shown the translated refusal (501 short of currency, 2515 with the next time, 2516)
        } finally {
          setSubmitting(false);
        }
      },
    });
  };

  const onVariantChange = (next: GameVariant) => {
    form.setFieldValue('roundType', defaultRoundTypeFor(next));
  };

  return (
    <Modal
      open={open}
      title={t('create.title')}
      width={640}
      onCancel={onClose}
      onOk={submit}
      okText={t('create.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={submitting}
      okButtonProps={{ 'data-testid': 'create-submit' }}
      destroyOnHidden
      data-testid="create-contest-dialog"
    >
      <Form<CreateContestFields>
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 18 }}
        initialValues={initialValues}
        requiredMark={false}
        style={{ marginTop: 24 }}
      >
        <ContestNameFields
          multi={multi}
          testIdPrefix="create"
          multiLabel={t('create.multiLanguage')}
          nameLabel={t('create.name')}
        />
        <Form.Item
          name="range"
          label={t('create.timeRange')}
          rules={[
            {
              validator: (_, value: EnteredRange) => {
                const problem = rangeMessage(value, serverNow());
                return problem
                  ? Promise.reject(new Error(t(problem.key, problem.values)))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <EnteredRangePicker
            data-testid="create-time-range"
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            placeholder={[t('create.startTime'), t('create.endTime')]}
            disabledDate={(day) => day.isBefore(dayjs.unix(serverNow()), 'day')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="variant" label={t('create.mode')}>
          <Select<GameVariant>
            data-testid="create-mode"
            onChange={onVariantChange}
            // Only the modes the game server plays are sold (the server refuses the others with 2523).
            options={PLAYABLE_VARIANTS.map((v) => ({
              value: v,
              label: <span data-testid={`create-mode-${v}`}>{variantLabel(t, v)}</span>,
            }))}
          />
        </Form.Item>
        <Form.Item name="roundType" label={t('create.roundType')}>
          <Radio.Group
            data-testid="create-round-type"
            optionType="button"
            options={roundTypesFor(variant).map((rt) => ({
              value: rt,
              label: <span data-testid={`create-round-type-${rt}`}>{roundTypeLabel(t, variant, rt)}</span>,
            }))}
          />
        </Form.Item>
        <Form.Item name="thinking" label={t('create.thinkingTime')}>
          <Select
            data-testid="create-thinking"
            options={THINKING_PRESETS.map((p) => ({
              value: thinkingKey(p),
              label: t('create.thinkingValue', { fixed: p.time_fixed, add: p.time_add }),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="pledge"
          valuePropName="checked"
          wrapperCol={{ offset: 6, span: 18 }}
          rules={[
            {
              validator: (_, checked: boolean) =>
                checked ? Promise.resolve() : Promise.reject(new Error(t('create.pledgeRequired'))),
            },
          ]}
        >
          <Checkbox data-testid="create-pledge">{t('create.pledge')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

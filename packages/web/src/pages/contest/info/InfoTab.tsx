import { CheckState, LIMITS, ZONES } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateContestBase } from '../../../api/calls';
import { keys, useServerClock } from '../../../api/queries';
import { ContestNameFields } from '../../../components/ContestNameFields';
import { roundTypeLabel, variantLabel, variantOfRule } from '../../../components/contestLabels';
import { RefreshUpdateBar } from '../../../components/RefreshUpdateBar';
import { DATE_TIME_FORMAT, formatMinute } from '../../../components/time';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage';
import { readOnlyNoticeKey, rightsOf } from '../rights';
import { rangeProblem } from '../seasons/seasonTimes';
import { useContestOutlet } from '../useContestRoute';
import { ArchiveCard } from './ArchiveCard';
import { changedSetting, fieldsOf, hasChanges, type InfoFields } from './infoForm';
import { SeasonSummary } from './SeasonSummary';
import { SignupLink } from './SignupLink';

/**
 * Tournament info: names (per language with multi-language on), start and end, show-in-list, hidden and
 * banned zones, observer switch; refresh and update; the tournament's archive for its creator and admins.
 * Observers read it and change nothing.
 */
export default function InfoTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { contest } = useContestOutlet();
  const rights = rightsOf(contest);
  const readOnly = !rights.can('editBase');
  const clock = useServerClock();
  const offset = clock.data?.offset ?? 0;
  const serverNow = useCallback(() => Math.floor(Date.now() / 1000 + offset), [offset]);
  // A started tournament keeps its start (2563), an ended one its end (2564).
  const started = serverNow() >= contest.start_time;
  const ended = serverNow() >= contest.finish_time;
  const [form] = Form.useForm<InfoFields>();
  useRevalidateOnLanguage(form);
  const values = Form.useWatch([], form) as InfoFields | undefined;
  const [saving, setSaving] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  // Until the form reports its values, the tournament as loaded decides (names in all five languages
  // count as multi-language even when the switch was not stored with them).
  const multi = values?.multi ?? fieldsOf(contest).multi;
  const changed = !readOnly && hasChanges(contest, values);

  // The form follows the tournament as loaded (after refresh or update).
  useEffect(() => {
    form.setFieldsValue(fieldsOf(contest));
  }, [contest, form]);

  const variant = variantOfRule(contest.game_mode.detail_rule);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: keys.contest(contest.unique_id) });
      form.setFieldsValue(fieldsOf(queryClient.getQueryData(keys.contest(contest.unique_id)) ?? contest));
    } finally {
      setRefreshing(false);
    }
  };

  const update = async () => {
    let fields: InfoFields;
    try {
      fields = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const setting = changedSetting(contest, { ...form.getFieldsValue(true), ...fields });
      if (Object.keys(setting).length === 0) return;
      const updated = await updateContestBase({ unique_id: contest.unique_id, setting });
      queryClient.setQueryData(keys.contest(contest.unique_id), updated);
      void queryClient.invalidateQueries({ queryKey: keys.contests });
      void message.success(
        updated.check_state === CheckState.UNDER_REVIEW ? t('info.underReview') : t('info.updated'),
      );
    } catch {
      // the client has shown the translated error; the form keeps the organiser's input
    } finally {
      setSaving(false);
    }
  };

  const zoneOptions = ZONES.map((z) => ({ value: z, label: t(`info.zone${z}`) }));

  const rangeRule = {
    validator: (_: unknown, value: InfoFields['range'] | null) => {
      if (!value?.[0] || !value[1]) return Promise.reject(new Error(t('create.timeRequired')));
      const startChanged = value[0].unix() !== contest.start_time;
      const endChanged = value[1].unix() !== contest.finish_time;
      if (!startChanged && !endChanged) return Promise.resolve();
      const problem = rangeProblem(value[0].unix(), value[1].unix(), serverNow(), startChanged);
      if (problem) return Promise.reject(new Error(t(`create.${problem}`, { days: LIMITS.SPAN_MAX_DAYS })));
      return Promise.resolve();
    },
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="contest-info">
      {readOnly && (
        <Alert
          type="info"
          showIcon
          data-testid="info-readonly"
          message={t(readOnlyNoticeKey(rights.role, 'info.readOnly'))}
        />
      )}
      {contest.check_state === CheckState.UNDER_REVIEW && (
        <Alert type="info" showIcon message={t('info.reviewPending')} />
      )}
      <Card
        title={t('info.basic')}
        extra={
          <RefreshUpdateBar
            testId="info"
            refreshing={refreshing}
            onRefresh={refresh}
            update={readOnly ? undefined : { disabled: !changed, saving, onClick: update }}
          />
        }
      >
        <Descriptions
          size="small"
          column={4}
          style={{ marginBottom: 24 }}
          items={[
            { key: 'id', label: t('info.contestId'), children: contest.contest_id },
            { key: 'mode', label: t('info.mode'), children: variantLabel(t, variant) },
            { key: 'round', label: t('info.roundType'), children: roundTypeLabel(t, variant, contest.mode) },
            { key: 'created', label: t('info.createdAt'), children: formatMinute(contest.create_time) },
            {
              key: 'signupLink',
              label: t('info.signupLink'),
              span: 4,
              children: <SignupLink contestId={contest.contest_id} />,
            },
          ]}
        />
        <Form<InfoFields>
          form={form}
          layout="horizontal"
          labelCol={{ span: 4 }}
          wrapperCol={{ span: 12 }}
          initialValues={fieldsOf(contest)}
          requiredMark={false}
          disabled={readOnly}
        >
          <ContestNameFields
            multi={multi}
            testIdPrefix="info"
            multiLabel={t('info.multiLanguage')}
            nameLabel={t('info.name')}
          />
          <Form.Item
            name="range"
            label={t('info.timeRange')}
            rules={[rangeRule]}
            extra={ended ? t('info.endLocked') : started ? t('info.startLocked') : undefined}
          >
            <DatePicker.RangePicker
              data-testid="info-range"
              showTime={{ format: 'HH:mm' }}
              format={DATE_TIME_FORMAT}
              placeholder={[t('create.startTime'), t('create.endTime')]}
              disabled={[readOnly || started, readOnly || ended]}
              style={{ width: 400 }}
            />
          </Form.Item>
          <Form.Item name="open" label={t('info.showInList')} valuePropName="checked">
            <Switch data-testid="info-show-in-list" />
          </Form.Item>
          <Form.Item name="hiddenZones" label={t('info.hiddenZones')}>
            <Checkbox.Group data-testid="info-hidden-zones" options={zoneOptions} />
          </Form.Item>
          <Form.Item name="bannedZones" label={t('info.bannedZones')}>
            <Checkbox.Group data-testid="info-banned-zones" options={zoneOptions} />
          </Form.Item>
          <Form.Item
            name="observer"
            label={t('info.observerSwitch')}
            valuePropName="checked"
            extra={t('info.observerHint')}
          >
            <Switch data-testid="info-observer-switch" />
          </Form.Item>
          <Form.Item name="spectateDelay" label={t('info.spectateDelay')} extra={t('info.spectateDelayHint')}>
            <InputNumber
              min={0}
              max={LIMITS.SPECTATE_DELAY_MAX_S}
              step={10}
              precision={0}
              suffix={t('info.spectateDelayUnit')}
              data-testid="info-spectate-delay"
              style={{ width: 140 }}
            />
          </Form.Item>
          <Form.Item
            name="publicSpectating"
            label={t('info.publicSpectating')}
            valuePropName="checked"
            extra={t('info.publicSpectatingHint')}
          >
            <Switch data-testid="info-public-spectating" />
          </Form.Item>
          <Form.Item name="rated" label={t('info.rated')} valuePropName="checked" extra={t('info.ratedHint')}>
            <Switch data-testid="info-rated" />
          </Form.Item>
        </Form>
      </Card>
      <SeasonSummary />
      {rights.can('exportArchive') && <ArchiveCard uniqueId={contest.unique_id} />}
    </Space>
  );
}

import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { CheckState, ZONES } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateContestBase } from '../../../api/calls';
import { keys } from '../../../api/queries';
import { ContestNameFields } from '../../../components/ContestNameFields';
import { roundTypeLabel, variantLabel, variantOfRule } from '../../../components/contestLabels';
import { formatMinute, formatRange } from '../../../components/time';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage';
import { useContestOutlet } from '../useContestRoute';
import { fieldsOf, hasChanges, type InfoFields, settingOf } from './infoForm';
import { SeasonSummary } from './SeasonSummary';
import { SignupLink } from './SignupLink';

/** Tournament info: names, show-in-list, hidden and banned zones; refresh and update. */
export default function InfoTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { contest } = useContestOutlet();
  const [form] = Form.useForm<InfoFields>();
  useRevalidateOnLanguage(form);
  const values = Form.useWatch([], form) as InfoFields | undefined;
  const [saving, setSaving] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  // Until the form reports its values, the tournament as loaded decides (names in all five languages
  // count as multi-language even when the switch was not stored with them).
  const multi = values?.multi ?? fieldsOf(contest).multi;
  const changed = hasChanges(contest, values);

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
      const updated = await updateContestBase({ unique_id: contest.unique_id, setting: settingOf(fields) });
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

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="contest-info">
      {contest.check_state === CheckState.UNDER_REVIEW && (
        <Alert type="info" showIcon message={t('info.reviewPending')} />
      )}
      <Card
        title={t('info.basic')}
        extra={
          <Space>
            <Button
              data-testid="info-refresh"
              icon={<ReloadOutlined />}
              loading={refreshing}
              onClick={refresh}
            >
              {t('common.refresh')}
            </Button>
            <Button
              data-testid="info-update"
              type="primary"
              icon={<SaveOutlined />}
              disabled={!changed}
              loading={saving}
              onClick={update}
            >
              {t('common.update')}
            </Button>
          </Space>
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
              key: 'time',
              label: t('info.timeRange'),
              span: 4,
              children: formatRange(contest.start_time, contest.finish_time),
            },
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
        >
          <ContestNameFields
            multi={multi}
            testIdPrefix="info"
            multiLabel={t('info.multiLanguage')}
            nameLabel={t('info.name')}
          />
          <Form.Item name="open" label={t('info.showInList')} valuePropName="checked">
            <Switch data-testid="info-show-in-list" />
          </Form.Item>
          <Form.Item name="hiddenZones" label={t('info.hiddenZones')}>
            <Checkbox.Group data-testid="info-hidden-zones" options={zoneOptions} />
          </Form.Item>
          <Form.Item name="bannedZones" label={t('info.bannedZones')}>
            <Checkbox.Group data-testid="info-banned-zones" options={zoneOptions} />
          </Form.Item>
        </Form>
      </Card>
      <SeasonSummary />
    </Space>
  );
}

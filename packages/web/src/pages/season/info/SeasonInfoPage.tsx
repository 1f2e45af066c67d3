import StopOutlined from '@ant-design/icons/StopOutlined';
import {
  charLength,
  LIMITS,
  RANK_RULE_COUNT_MAX,
  RANK_RULE_COUNT_MIN,
  RANK_RULE_DEFAULT_COUNT,
  RankRule,
  type SeasonSetting,
  SeasonState,
  SeasonType,
  SignupType,
} from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endContestSeason, fetchSeasonPlayerList, updateContestSeason } from '../../../api/calls';
import { keys, useServerClock } from '../../../api/queries';
import { RefreshUpdateBar } from '../../../components/RefreshUpdateBar';
import { DATE_TIME_FORMAT, formatMinute } from '../../../components/time';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage';
import { useContestRights } from '../../contest/rights';
import { seasonChanged } from '../../contest/seasons/seasonCache';
import { SeasonStateTag } from '../../contest/seasons/seasonLabels';
import { rangeProblem, windowProblem } from '../../contest/seasons/seasonTimes';
import type { SeasonPageProps } from '../pageProps';
import {
  dropsPendingSignups,
  fieldsOf,
  hasChanges,
  movedWindows,
  type Range,
  type SeasonInfoFields,
  settingOf,
  WINDOW_FIELDS,
  type WindowField,
} from './seasonInfoForm';

const COUNTS = Array.from(
  { length: RANK_RULE_COUNT_MAX - RANK_RULE_COUNT_MIN + 1 },
  (_, i) => RANK_RULE_COUNT_MIN + i,
);

/** Season info (spec §2): times, sign-up, season type, auto-match, rank rule, remark; update and end. */
export default function SeasonInfoPage({ contest, season }: SeasonPageProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const clock = useServerClock();
  const [form] = Form.useForm<SeasonInfoFields>();
  useRevalidateOnLanguage(form);
  // Every value of the form, also of fields not shown (the count appears only with a counting rule).
  const values = Form.useWatch([], { form, preserve: true }) as SeasonInfoFields | undefined;
  const [saving, setSaving] = useState(false);
  const [ending, setEnding] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  const uniqueId = contest.unique_id;
  const ids = { unique_id: uniqueId, season_id: season.season_id };
  const pending = season.state === SeasonState.PENDING;
  const finished = season.state === SeasonState.FINISHED;
  const ended = season.state === SeasonState.ENDED;
  // Those who do not manage seasons (chat and player managers, observers) see the form read-only.
  const rights = useContestRights(contest);
  const mayManage = rights.can('manageSeasons');
  const locked = ended || !mayManage;
  const lockedReason = ended ? t('seasonInfo.readOnly') : rights.why('manageSeasons');
  const offset = clock.data?.offset ?? 0;
  const serverNow = useCallback(() => Math.floor(Date.now() / 1000 + offset), [offset]);

  // Until the form reports its values, the season as loaded decides what is shown.
  const current = values?.range ? values : fieldsOf(season);
  const changed = !locked && hasChanges(season, values);
  const team = current.rankType === SeasonType.TEAM;

  // Moving the season's start moves the sign-up and match windows with it (their length kept), unless the
  // organiser set that window by hand since the season was loaded (`movedWindows`).
  const windowsSetByHand = useRef(new Set<WindowField>());
  const startShown = useRef<Dayjs>(fieldsOf(season).range[0]);
  const loaded = (fields: SeasonInfoFields) => {
    form.setFieldsValue(fields);
    windowsSetByHand.current.clear();
    startShown.current = fields.range[0];
  };
  const onValuesChange = (changed: Partial<SeasonInfoFields>) => {
    for (const key of WINDOW_FIELDS) if (key in changed) windowsSetByHand.current.add(key);
    const start = changed.range?.[0];
    if (!start) return;
    const windows = {
      signupRange: form.getFieldValue('signupRange'),
      matchRange: form.getFieldValue('matchRange'),
    };
    form.setFieldsValue(movedWindows(windows, startShown.current, start, windowsSetByHand.current));
    startShown.current = start;
  };

  // The form follows the season as loaded (after refresh, update or another organiser's change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloaded when the season changes
  useEffect(() => {
    loaded(fieldsOf(season));
  }, [season, form]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        queryClient.refetchQueries({ queryKey: keys.contest(uniqueId) }),
        queryClient.invalidateQueries({ queryKey: keys.seasons(uniqueId) }),
      ]);
      loaded(fieldsOf(season));
    } finally {
      setRefreshing(false);
    }
  };

  /** Unreviewed sign-ups of the season, or null when they could not be counted. */
  const pendingSignups = async (): Promise<number | null> => {
    try {
      const page = await fetchSeasonPlayerList({ ...ids, state: 1, offset: 0, limit: 1 }, { silent: true });
      return page.total;
    } catch {
      return null;
    }
  };

  const send = async (setting: SeasonSetting) => {
    setSaving(true);
    try {
      const updated = await updateContestSeason({ ...ids, setting });
      await seasonChanged(queryClient, uniqueId, updated);
      if (setting.signup_type !== undefined)
        void queryClient.invalidateQueries({ queryKey: keys.seasonPlayers(uniqueId, season.season_id) });
      // The rank rule, rank type and auto-match change what the season's rankings and match pages show.
      void queryClient.invalidateQueries({ queryKey: keys.games(uniqueId, season.season_id) });
      void message.success(t('seasonInfo.updated'));
    } catch {
      // the client has shown the translated refusal; the form keeps the organiser's input
    } finally {
      setSaving(false);
    }
  };

  const update = async () => {
    let fields: SeasonInfoFields;
    try {
      fields = { ...form.getFieldsValue(true), ...(await form.validateFields()) };
    } catch {
      return;
    }
    const setting = settingOf(season, fields);
    if (Object.keys(setting).length === 0) return;
    if (!dropsPendingSignups(season, setting)) {
      await send(setting);
      return;
    }
    setSaving(true);
    const count = await pendingSignups();
    setSaving(false);
    if (count === 0) {
      await send(setting);
      return;
    }
    modal.confirm({
      title: t('seasonInfo.signupChangeTitle'),
      content:
        count === null ? t('seasonInfo.signupChangeUnknown') : t('seasonInfo.signupChangeContent', { count }),
      okText: t('seasonInfo.signupChangeOk'),
      okButtonProps: { danger: true, 'data-testid': 'season-info-signup-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => send(setting),
    });
  };

  const end = () => {
    modal.confirm({
      title: t('seasonInfo.endConfirmTitle', { id: season.season_id }),
      content: t('seasonInfo.endConfirmContent'),
      okText: t('seasonInfo.end'),
      okButtonProps: { danger: true, 'data-testid': 'season-info-end-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        setEnding(true);
        try {
          const closed = await endContestSeason(ids);
          await seasonChanged(queryClient, uniqueId, closed);
          void message.success(t('seasonInfo.ended'));
        } catch {
          // the client has shown the refusal (2541 not finished, 2565 already ended)
        } finally {
          setEnding(false);
        }
      },
    });
  };

  const endBlocked = !mayManage
    ? rights.why('manageSeasons')
    : ended
      ? t('seasonInfo.endAlready')
      : !finished
        ? t('seasonInfo.endNotFinished')
        : undefined;

  const onRankKindChange = (kind: RankRule) => {
    // From "none" to a counting rule, the count starts at 3.
    if (current.rankKind === RankRule.NONE && kind !== RankRule.NONE)
      form.setFieldValue('rankCount', RANK_RULE_DEFAULT_COUNT);
  };

  const seasonRangeRule = {
    validator: (_: unknown, value: Range | null) => {
      if (!value?.[0] || !value[1]) return Promise.reject(new Error(t('seasons.timeRequired')));
      const startChanged = value[0].unix() !== season.start_time;
      const problem = rangeProblem(value[0].unix(), value[1].unix(), serverNow(), pending && startChanged);
      if (problem) return Promise.reject(new Error(t(`seasons.${problem}`, { days: LIMITS.SPAN_MAX_DAYS })));
      return Promise.resolve();
    },
  };

  const windowRule = (prefix: 'signup' | 'match') => ({
    validator: (_: unknown, value: Range | null) => {
      if (!value?.[0] || !value[1]) return Promise.reject(new Error(t('seasons.timeRequired')));
      const seasonRange = form.getFieldValue('range') as Range | undefined;
      if (!seasonRange?.[0] || !seasonRange[1]) return Promise.resolve();
      const problem = windowProblem(
        { start: value[0].unix(), end: value[1].unix() },
        { start_time: seasonRange[0].unix(), end_time: seasonRange[1].unix() },
        prefix,
      );
      return problem ? Promise.reject(new Error(t(`seasonInfo.${problem}`))) : Promise.resolve();
    },
  });

  const pickerProps = {
    showTime: { format: 'HH:mm' },
    format: DATE_TIME_FORMAT,
    placeholder: [t('seasons.startTime'), t('seasons.endTime')] as [string, string],
    style: { width: 400 },
  };
  const seasonRange = current.range as [Dayjs, Dayjs] | undefined;
  const outsideSeason = (day: Dayjs) =>
    !!seasonRange && (day.isBefore(seasonRange[0], 'day') || day.isAfter(seasonRange[1], 'day'));

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="season-info">
      {ended && (
        <Alert type="info" showIcon title={t('seasonInfo.readOnly')} data-testid="season-info-readonly" />
      )}
      <Card
        title={
          <Space>
            {t('seasonInfo.title')}
            <SeasonStateTag state={season.state} testId="season-info-state" />
          </Space>
        }
        extra={
          <RefreshUpdateBar
            testId="season-info"
            refreshing={refreshing}
            onRefresh={refresh}
            update={{
              disabled: !changed,
              reason: lockedReason ?? (changed ? undefined : t('seasonInfo.noChanges')),
              saving,
              onClick: update,
            }}
          >
            <Tooltip title={endBlocked}>
              <Button
                danger
                icon={<StopOutlined />}
                disabled={!!endBlocked}
                loading={ending}
                onClick={end}
                data-testid="season-info-end"
              >
                {t('seasonInfo.end')}
              </Button>
            </Tooltip>
          </RefreshUpdateBar>
        }
      >
        <Descriptions
          size="small"
          column={4}
          style={{ marginBottom: 24 }}
          items={[
            { key: 'id', label: t('seasonInfo.seasonId'), children: season.season_id },
            { key: 'created', label: t('seasonInfo.createdAt'), children: formatMinute(season.create_time) },
          ]}
        />
        <Form<SeasonInfoFields>
          form={form}
          layout="horizontal"
          labelCol={{ span: 4 }}
          wrapperCol={{ span: 18 }}
          initialValues={fieldsOf(season)}
          onValuesChange={onValuesChange}
          requiredMark={false}
          disabled={locked}
        >
          <Form.Item
            name="range"
            label={t('seasonInfo.seasonTime')}
            rules={[seasonRangeRule]}
            extra={
              season.state === SeasonState.RUNNING
                ? t('seasonInfo.startLocked')
                : finished
                  ? t('seasonInfo.datesLocked')
                  : undefined
            }
          >
            <DatePicker.RangePicker
              {...pickerProps}
              disabled={[!pending || locked, finished || locked]}
              data-testid="season-info-range"
            />
          </Form.Item>
          <Form.Item name="signupType" label={t('seasonInfo.signupType')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              data-testid="season-info-signup-type"
              options={[
                { value: SignupType.AUTO, label: t('seasons.signupTypes.auto') },
                { value: SignupType.CHECK, label: t('seasons.signupTypes.check') },
                { value: SignupType.CLOSE, label: t('seasons.signupTypes.close') },
              ].map((o) => ({
                ...o,
                label: <span data-testid={`season-info-signup-type-${o.value}`}>{o.label}</span>,
              }))}
            />
          </Form.Item>
          {current.signupType === SignupType.CHECK && (
            <Form.Item
              name="signupRange"
              label={t('seasonInfo.signupTime')}
              rules={[windowRule('signup')]}
              dependencies={['range']}
              extra={t('seasonInfo.signupTimeHint')}
            >
              <DatePicker.RangePicker
                {...pickerProps}
                disabledDate={outsideSeason}
                data-testid="season-info-signup-range"
              />
            </Form.Item>
          )}
          <Form.Item name="rankType" label={t('seasonInfo.seasonType')}>
            <Radio.Group
              data-testid="season-info-season-type"
              options={[
                {
                  value: SeasonType.PERSONAL,
                  label: <span data-testid="season-info-season-type-0">{t('seasonInfo.personal')}</span>,
                },
                {
                  value: SeasonType.TEAM,
                  label: <span data-testid="season-info-season-type-1">{t('seasonInfo.team')}</span>,
                },
              ]}
            />
          </Form.Item>
          {team && (
            <Form.Item name="showTeamRank" label={t('seasonInfo.showTeamRank')} valuePropName="checked">
              <Switch data-testid="season-info-show-team-rank" />
            </Form.Item>
          )}
          <Form.Item label={t('seasonInfo.rankRule')}>
            {team ? (
              <Typography.Text type="secondary" data-testid="season-info-team-rank-rule">
                {t('seasons.rankRules.team')}
              </Typography.Text>
            ) : (
              <Space wrap>
                <Form.Item name="rankKind" noStyle>
                  <Select<RankRule>
                    style={{ width: 240 }}
                    onChange={onRankKindChange}
                    data-testid="season-info-rank-kind"
                    options={[
                      { value: RankRule.NONE, label: t('seasonInfo.rankKinds.none') },
                      { value: RankRule.RECENT_TOTAL, label: t('seasonInfo.rankKinds.recent') },
                      { value: RankRule.BEST_CONSECUTIVE, label: t('seasonInfo.rankKinds.best') },
                    ].map((o) => ({
                      ...o,
                      label: <span data-testid={`season-info-rank-kind-${o.value}`}>{o.label}</span>,
                    }))}
                  />
                </Form.Item>
                {current.rankKind !== RankRule.NONE && (
                  <Form.Item name="rankCount" noStyle>
                    <Select<number>
                      style={{ width: 120 }}
                      aria-label={t('seasonInfo.rankCount')}
                      data-testid="season-info-rank-count"
                      options={COUNTS.map((n) => ({
                        value: n,
                        label: t('seasonInfo.rankCountValue', { count: n }),
                      }))}
                    />
                  </Form.Item>
                )}
              </Space>
            )}
          </Form.Item>
          <Form.Item name="autoMatch" label={t('seasonInfo.autoMatch')} valuePropName="checked">
            <Switch data-testid="season-info-auto-match" />
          </Form.Item>
          {current.autoMatch && (
            <Form.Item
              name="matchRange"
              label={t('seasonInfo.matchTime')}
              rules={[windowRule('match')]}
              dependencies={['range']}
            >
              <DatePicker.RangePicker
                {...pickerProps}
                disabledDate={outsideSeason}
                data-testid="season-info-match-range"
              />
            </Form.Item>
          )}
          <Form.Item
            name="remark"
            label={t('seasonInfo.remark')}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  charLength(value ?? '') > LIMITS.SEASON_REMARK_MAX
                    ? Promise.reject(new Error(t('seasons.remarkTooLong', { max: LIMITS.SEASON_REMARK_MAX })))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input
              style={{ width: 400 }}
              count={{ show: true, max: LIMITS.SEASON_REMARK_MAX }}
              placeholder={t('seasons.remarkPlaceholder')}
              data-testid="season-info-remark"
            />
          </Form.Item>
        </Form>
      </Card>
    </Space>
  );
}

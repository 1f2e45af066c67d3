import { CheckState, type NoticeKind } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ContestDetail,
  updateContestExternalNotice,
  updateContestInternalNotice,
} from '../../../api/calls';
import { keys } from '../../../api/queries';
import { RefreshUpdateBar } from '../../../components/RefreshUpdateBar';
import { readOnlyNoticeKey, rightsOf } from '../rights';
import { useContestOutlet } from '../useContestRoute';
import { NoticeEditor } from './NoticeEditor';
import { type NoticeValues, noticeListOf, noticeValuesOf, sameNotice, tooLong } from './noticeForm';

type Kind = Extract<NoticeKind, 'public' | 'private'>;
const KINDS: readonly Kind[] = ['public', 'private'];

/**
 * The notices as the form starts: while an edit awaits review, the text submitted (the public one is still
 * the old text), so the organiser sees what they sent.
 */
const storedOf = (contest: ContestDetail, multi: boolean): Record<Kind, NoticeValues> => {
  const pending = contest.check_state === CheckState.UNDER_REVIEW ? contest.pending_review : undefined;
  return {
    public: noticeValuesOf(pending?.public_notice ?? contest.public_notice, multi),
    private: noticeValuesOf(pending?.private_notice ?? contest.private_notice, multi),
  };
};

/**
 * Notice tab (spec §2): the public notice players read on the tournament's page (500 characters) and the
 * private notice for its players (3000), one text each or one per language with multi-language on.
 * Update sends the public notice first, then the private one, each only when changed.
 */
export default function NoticeTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { contest } = useContestOutlet();
  const rights = rightsOf(contest);
  const readOnly = !rights.can('editBase');
  const multi = contest.i18n_switch === 1;
  const [values, setValues] = useState(() => storedOf(contest, multi));
  // What the form is compared with: the stored notices, or the texts just submitted for review.
  const [baseline, setBaseline] = useState(() => storedOf(contest, multi));
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  // The form follows the tournament as loaded (after refresh, update or another organiser's change).
  useEffect(() => {
    const stored = storedOf(contest, contest.i18n_switch === 1);
    setValues(stored);
    setBaseline(stored);
  }, [contest]);

  const changed = KINDS.filter((kind) => !sameNotice(values[kind], baseline[kind], multi));
  const invalid = KINDS.some((kind) => tooLong(kind, values[kind], multi).length > 0);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: keys.contest(contest.unique_id) });
      setSubmitted(false);
    } finally {
      setRefreshing(false);
    }
  };

  const update = async () => {
    setSaving(true);
    let underReview = false;
    let latest: ContestDetail | undefined;
    try {
      // Public first, then private (spec §7); a refusal of the first leaves the second unsent.
      for (const kind of changed) {
        const call = kind === 'public' ? updateContestExternalNotice : updateContestInternalNotice;
        const answer = await call({
          unique_id: contest.unique_id,
          notice: noticeListOf(values[kind], multi),
        });
        if (answer.check_state === CheckState.UNDER_REVIEW) underReview = true;
        latest = answer;
        // What was sent is what the form now compares with, so a second click sends nothing twice.
        setBaseline((prev) => ({ ...prev, [kind]: values[kind] }));
      }
    } catch {
      // the client has shown the translated refusal; the form keeps the organiser's text
    } finally {
      setSaving(false);
    }
    if (!latest) return;
    queryClient.setQueryData(keys.contest(contest.unique_id), latest);
    if (underReview) {
      // The public text stays the old one until the operator approves; the form keeps what was submitted.
      setSubmitted(true);
      void message.success(t('notice.underReview'));
    } else {
      setSubmitted(false);
      void message.success(t('notice.updated'));
    }
  };

  const reason = invalid ? t('notice.fixLength') : changed.length === 0 ? t('notice.noChanges') : undefined;

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="notice-tab">
      {readOnly && (
        <Alert
          type="info"
          showIcon
          title={t(readOnlyNoticeKey(rights.role, 'notice.readOnly'))}
          data-testid="notice-readonly"
        />
      )}
      {(submitted || contest.check_state === CheckState.UNDER_REVIEW) && (
        <Alert
          type="warning"
          showIcon
          data-testid="notice-under-review"
          title={t('notice.underReview')}
          description={t('notice.underReviewHint')}
        />
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
        <Typography.Text type="secondary">
          {readOnly ? '' : multi ? t('notice.multiHint') : t('notice.singleHint')}
        </Typography.Text>
        <RefreshUpdateBar
          testId="notice"
          refreshing={refreshing}
          onRefresh={refresh}
          update={readOnly ? undefined : { disabled: !!reason, reason, saving, onClick: () => void update() }}
        />
      </div>
      {KINDS.map((kind) => (
        <Card
          key={kind}
          data-testid={`notice-card-${kind}`}
          title={
            <Space>
              {t(`notice.${kind}Title`)}
              {changed.includes(kind) && (
                <Typography.Text type="warning" style={{ fontWeight: 'normal', fontSize: 13 }}>
                  {t('notice.unsaved')}
                </Typography.Text>
              )}
            </Space>
          }
        >
          <Typography.Paragraph type="secondary">{t(`notice.${kind}Hint`)}</Typography.Paragraph>
          <NoticeEditor
            kind={kind}
            multi={multi}
            values={values[kind]}
            readOnly={readOnly}
            onChange={(next) => setValues((prev) => ({ ...prev, [kind]: next }))}
            testId={`notice-${kind}`}
          />
        </Card>
      ))}
    </Space>
  );
}

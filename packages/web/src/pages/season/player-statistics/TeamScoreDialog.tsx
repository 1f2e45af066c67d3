import { charLength, LIMITS } from '@taikai/protocol';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamRow } from '../../../api/team-calls';
import { useDialogAction } from '../../../components/players/useDialogAction';
import { settledText } from '../record/recordView';
import { checkScoreChange, type ScoreChangeDraft, scoreChangeDraftOf } from './teamRankView';

const MAX = LIMITS.TEAM_MODIFY_SCORE_MAX;

/**
 * A team's score change (spec §5): a value from −1 000 000 to 1 000 000 with one decimal and a note of at most 50
 * characters. It replaces the team's current change; the team's total score moves at once.
 */
export function TeamScoreDialog({
  team,
  onCancel,
  onSave,
}: {
  team: TeamRow | null;
  onCancel: () => void;
  onSave: (team: TeamRow, change: { modify_score: number; modify_detail: string }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ScoreChangeDraft>({ score: 0, detail: '' });
  const { working, run } = useDialogAction(onCancel);
  useEffect(() => {
    if (team) setDraft(scoreChangeDraftOf(team));
  }, [team]);
  const check = checkScoreChange(draft);
  const save = () => {
    if (team && check.toSend) {
      const change = check.toSend;
      void run(() => onSave(team, change));
    }
  };
  const scoreHelp =
    check.score === 'required'
      ? t('teamRank.change.required')
      : check.score === 'decimals'
        ? t('teamRank.change.decimals')
        : check.score === 'range'
          ? t('teamRank.change.range', { max: MAX.toLocaleString() })
          : t('teamRank.change.hint', { max: MAX.toLocaleString() });

  return (
    <Modal
      open={team !== null}
      title={t('teamRank.change.title', { name: team?.name ?? '' })}
      onCancel={onCancel}
      okText={t('teamRank.change.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: check.toSend === null, 'data-testid': 'team-score-ok' }}
      confirmLoading={working}
      onOk={save}
      destroyOnHidden
      data-testid="team-score-dialog"
    >
      {team && (
        <Typography.Paragraph type="secondary">
          {t('teamRank.change.current', {
            point: settledText(team.total_point),
            change: settledText(team.modify_score),
            total: settledText(team.total_score),
          })}
        </Typography.Paragraph>
      )}
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('teamRank.change.value')}
          validateStatus={check.score ? 'error' : undefined}
          help={<span data-testid="team-score-help">{scoreHelp}</span>}
        >
          {/* No min, max or precision: the box would clamp or round what was typed out of sight; the rule
              below says what is wrong and OK waits. */}
          <InputNumber
            autoFocus
            data-testid="team-score-value"
            value={draft.score}
            step={0.1}
            disabled={working}
            style={{ width: '100%' }}
            onChange={(value) => setDraft((d) => ({ ...d, score: typeof value === 'number' ? value : null }))}
            onPressEnter={save}
          />
        </Form.Item>
        <Form.Item
          label={t('teamRank.change.detail')}
          validateStatus={check.detailTooLong ? 'error' : undefined}
          help={
            check.detailTooLong
              ? t('teamRank.change.detailTooLong', { max: LIMITS.TEAM_MODIFY_DETAIL_MAX })
              : undefined
          }
        >
          <Input
            data-testid="team-score-detail"
            value={draft.detail}
            disabled={working}
            placeholder={t('teamRank.change.detailPlaceholder')}
            count={{ show: true, max: LIMITS.TEAM_MODIFY_DETAIL_MAX, strategy: (s) => charLength(s.trim()) }}
            onChange={(e) => setDraft((d) => ({ ...d, detail: e.target.value }))}
            onPressEnter={save}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

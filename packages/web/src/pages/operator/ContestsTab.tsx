import { textFor } from '@taikai/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { formatMinute } from '../../components/time';
import { currentLanguage } from '../../i18n';
import { findContest, setContestLock } from './api';

/** A tournament by its public id: lock its configuration (its changes answer 2558) or unlock it, confirmed. */
export function ContestsTab({ t }: { t: TFunction }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [input, setInput] = useState<number | null>(null);
  const [contestId, setContestId] = useState<number | null>(null);
  const c = (key: string, vars?: Record<string, unknown>) => t(`operatorConsole.contests.${key}`, vars);
  const found = useQuery({
    queryKey: ['operator', 'contest', contestId],
    queryFn: () => findContest(contestId!),
    enabled: contestId !== null,
    retry: false,
  });
  const lock = useMutation({
    mutationFn: (locked: boolean) => setContestLock(contestId!, locked),
    onSuccess: (res) => {
      void message.success(c(res.locked ? 'lockedDone' : 'unlockedDone', { id: res.contest_id }));
      void client.invalidateQueries({ queryKey: ['operator'] });
    },
  });
  const contest = found.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space>
        <InputNumber
          min={1}
          max={2_147_483_647}
          precision={0}
          value={input}
          onChange={setInput}
          onPressEnter={() => input && setContestId(input)}
          placeholder={c('contestId')}
          style={{ width: 220 }}
          data-testid="operator-contest-id"
        />
        <Button
          type="primary"
          disabled={!input}
          onClick={() => input && setContestId(input)}
          loading={found.isFetching}
        >
          {c('find')}
        </Button>
      </Space>
      {contest && (
        <Descriptions
          bordered
          size="small"
          column={1}
          data-testid="operator-contest"
          items={[
            {
              key: 'name',
              label: c('name'),
              children: textFor(contest.contest_name, currentLanguage()) || '—',
            },
            { key: 'id', label: c('contestId'), children: contest.contest_id },
            {
              key: 'creator',
              label: c('creator'),
              children: `${contest.creator_nickname} (${contest.creator_id})`,
            },
            {
              key: 'lock',
              label: c('state'),
              children: (
                <Space>
                  {contest.locked ? (
                    <Tag color="red" data-testid="operator-contest-locked">
                      {c('locked', { time: formatMinute(contest.lock_time ?? 0) })}
                    </Tag>
                  ) : (
                    <Tag color="green">{c('unlocked')}</Tag>
                  )}
                  {contest.check_state === 1 && <Tag color="orange">{c('awaitingReview')}</Tag>}
                  <Popconfirm
                    title={c(contest.locked ? 'unlockConfirm' : 'lockConfirm', { id: contest.contest_id })}
                    onConfirm={() => lock.mutateAsync(!contest.locked)}
                    okButtonProps={{ 'data-testid': 'operator-confirm' }}
                  >
                    <Button danger={!contest.locked} size="small" data-testid="operator-contest-lock">
                      {c(contest.locked ? 'unlock' : 'lock')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Space>
  );
}

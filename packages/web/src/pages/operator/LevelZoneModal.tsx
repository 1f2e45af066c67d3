import {
  LEVEL_IDS_3P,
  LEVEL_IDS_4P,
  OperatorFetchAccountLevelRes,
  OperatorSetLevelRes,
  OperatorSetZoneRes,
} from '@taikai/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { request } from '../../api/client';
import { levelLabel } from '../../components/levels/PlayerLevels';

// An account's levels (four- and three-player ladders) and zone, as the operator sets them (domains/levels).

const path = (name: string) => `/api/contest/${name}`;
const fetchLevel = (accountId: number) =>
  request('GET', path('operator_fetch_account_level'), OperatorFetchAccountLevelRes, {
    account_id: accountId,
  });
const setLevel = (accountId: number, type: 1 | 2, level: number) =>
  request('POST', path('operator_set_level'), OperatorSetLevelRes, { account_id: accountId, type, level });
const setZone = (accountId: number, zone: number) =>
  request('POST', path('operator_set_zone'), OperatorSetZoneRes, { account_id: accountId, zone });

const LADDERS = [
  { type: 1 as const, ids: LEVEL_IDS_4P, key: 'ladder4p' },
  { type: 2 as const, ids: LEVEL_IDS_3P, key: 'ladder3p' },
];

/** Sets an account's level on each ladder (with 0 points) and its zone, each confirmed. */
export function LevelZoneModal({
  t,
  account,
  onClose,
}: {
  t: TFunction;
  account: { account_id: number; nickname: string } | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const l = (key: string, vars?: Record<string, unknown>) => t(`operatorConsole.levels.${key}`, vars);
  const id = account?.account_id ?? 0;
  const current = useQuery({
    queryKey: ['operator', 'level', id],
    queryFn: () => fetchLevel(id),
    enabled: account !== null,
  });
  const done = (text: string) => {
    void message.success(text);
    void client.invalidateQueries({ queryKey: ['operator', 'level', id] });
  };
  const level = useMutation({
    mutationFn: (v: { type: 1 | 2; level: number }) => setLevel(id, v.type, v.level),
    onSuccess: () => done(l('levelSet', { nickname: account?.nickname ?? '' })),
  });
  const zone = useMutation({
    mutationFn: (z: number) => setZone(id, z),
    onSuccess: () => done(l('zoneSet', { nickname: account?.nickname ?? '' })),
  });
  const vars = { nickname: account?.nickname ?? '' };
  return (
    <Modal
      open={account !== null}
      title={l('title', vars)}
      footer={null}
      onCancel={() => {
        setChosen({});
        onClose();
      }}
      width={640}
    >
      {current.isLoading || !current.data ? (
        <Spin />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            ...LADDERS.map(({ type, ids, key }) => {
              const standing = current.data.levels.find((s) => s.type === type);
              const pick = chosen[key] ?? standing?.level ?? ids[0];
              return {
                key,
                label: l(key),
                children: (
                  <Space wrap>
                    <span>
                      {standing
                        ? `${levelLabel(t, standing.level)} · ${l('points', { points: standing.points })}`
                        : '—'}
                    </span>
                    <Select
                      value={pick}
                      style={{ width: 180 }}
                      onChange={(v) => setChosen((c) => ({ ...c, [key]: v }))}
                      options={ids.map((v) => ({ value: v, label: levelLabel(t, v) }))}
                    />
                    <Popconfirm
                      title={l('levelConfirm', { ...vars, level: levelLabel(t, pick) })}
                      onConfirm={() => level.mutateAsync({ type, level: pick })}
                      okButtonProps={{ 'data-testid': 'operator-confirm' }}
                    >
                      <Button size="small">{l('setLevel')}</Button>
                    </Popconfirm>
                  </Space>
                ),
              };
            }),
            {
              key: 'zone',
              label: l('zone'),
              children: (
                <Space wrap>
                  <span data-testid="operator-zone">{l(`zones.${current.data.zone}`)}</span>
                  <Select
                    value={chosen.zone ?? current.data.zone}
                    style={{ width: 180 }}
                    onChange={(v) => setChosen((c) => ({ ...c, zone: v }))}
                    data-testid="operator-zone-select"
                    options={[1, 2, 3].map((z) => ({ value: z, label: l(`zones.${z}`) }))}
                  />
                  <Popconfirm
                    title={l('zoneConfirm', {
                      ...vars,
                      zone: l(`zones.${chosen.zone ?? current.data.zone}`),
                    })}
                    onConfirm={() => zone.mutateAsync(chosen.zone ?? current.data.zone)}
                    okButtonProps={{ 'data-testid': 'operator-confirm' }}
                  >
                    <Button size="small" data-testid="operator-zone-set">
                      {l('setZone')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}

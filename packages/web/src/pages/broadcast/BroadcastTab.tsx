import type { ShareLinkWire } from '@taikai/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import type { z } from 'zod';
import { fetchContestSeasonList } from '../../api/calls';
import { fetchRunningGames } from '../../api/game-calls';
import { formatMinute } from '../../components/time';
import { useContestOutlet } from '../contest/useContestRoute';
import { createShareLink, fetchShareLinks, overlayUrl, revokeShareLink } from './api';
import { useBroadcastT } from './broadcastLanguage';

type Link = z.infer<typeof ShareLinkWire>;
type Values = {
  kind: 'table' | 'standings';
  season_id?: number;
  game_uuid?: string;
  size: '1920x1080' | '1280x720';
  top: number;
  mode: 'personal' | 'team';
};

/**
 * The tournament's broadcast links (creator and admins): create a table or standings overlay link, copy its
 * address (shown once), revoke it after a confirmation.
 */
export default function BroadcastTab() {
  const t = useBroadcastT();
  const { contest } = useContestOutlet();
  const uniqueId = contest.unique_id;
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [created, setCreated] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form) ?? 'table';
  const seasonId = Form.useWatch('season_id', form);

  const seasons = useQuery({
    queryKey: ['broadcast', 'seasons', uniqueId],
    queryFn: () => fetchContestSeasonList(uniqueId),
  });
  const season = seasons.data?.find((s) => s.season_id === seasonId);
  const running = useQuery({
    queryKey: ['broadcast', 'running', uniqueId, seasonId],
    queryFn: () => fetchRunningGames({ unique_id: uniqueId, season_id: seasonId ?? 0 }, { silent: true }),
    enabled: seasonId !== undefined,
  });
  const links = useQuery({
    queryKey: ['broadcast', 'links', uniqueId],
    queryFn: () => fetchShareLinks(uniqueId),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['broadcast', 'links', uniqueId] });

  const create = useMutation({
    mutationFn: (v: Values) =>
      createShareLink({
        unique_id: uniqueId,
        kind: v.kind,
        size: v.size,
        ...(v.kind === 'table'
          ? { game_uuid: v.game_uuid }
          : { season_id: v.season_id, top: v.top, mode: v.mode }),
      }),
    onSuccess: (link) => {
      setCreated(overlayUrl(link.kind, link.token));
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => revokeShareLink(uniqueId, id),
    onSuccess: () => {
      if (t) void message.success(t('broadcast.revoked'));
      void refresh();
    },
  });

  if (!t) return null;
  const copy = async (text: string) => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    void message.success(t('broadcast.copied'));
  };
  const latest = seasons.data?.at(-1)?.season_id;

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="broadcast-tab">
      <Card title={t('broadcast.title')}>
        <Typography.Paragraph type="secondary">{t('broadcast.description')}</Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="inline"
          initialValues={{ kind: 'table', size: '1920x1080', top: 10, mode: 'personal', season_id: latest }}
          key={latest}
          onFinish={(v) => create.mutate(v)}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="kind" label={t('broadcast.kind')}>
            <Radio.Group data-testid="broadcast-kind">
              <Radio.Button value="table">{t('broadcast.kindTable')}</Radio.Button>
              <Radio.Button value="standings" data-testid="broadcast-kind-standings">
                {t('broadcast.kindStandings')}
              </Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="season_id" label={t('broadcast.season')} rules={[{ required: true }]}>
            <Select
              style={{ width: 120 }}
              data-testid="broadcast-season"
              options={(seasons.data ?? []).map((s) => ({ value: s.season_id, label: `#${s.season_id}` }))}
            />
          </Form.Item>
          {kind === 'table' ? (
            <Form.Item name="game_uuid" label={t('broadcast.game')} rules={[{ required: true }]}>
              <Select
                style={{ width: 360 }}
                data-testid="broadcast-game"
                notFoundContent={t('broadcast.noGames')}
                options={(running.data ?? []).map((g) => ({
                  value: g.game_uuid,
                  label: `${formatMinute(g.start_time)} · ${g.players
                    .map((p) => (p.account_id === 0 ? t('matchReservation.robot') : (p.nickname ?? '')))
                    .join(' · ')}`,
                }))}
              />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="top" label={t('broadcast.top')}>
                <InputNumber min={1} max={50} data-testid="broadcast-top" />
              </Form.Item>
              <Form.Item name="mode" label={t('broadcast.mode')}>
                <Radio.Group>
                  <Radio value="personal">{t('broadcast.personal')}</Radio>
                  <Radio value="team" disabled={season?.rank_type !== 1}>
                    {t('broadcast.team')}
                  </Radio>
                </Radio.Group>
              </Form.Item>
            </>
          )}
          <Form.Item name="size" label={t('broadcast.size')}>
            <Radio.Group>
              <Radio value="1920x1080">1920×1080</Radio>
              <Radio value="1280x720" data-testid="broadcast-size-720">
                1280×720
              </Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={create.isPending}
              data-testid="broadcast-create"
            >
              {t('broadcast.create')}
            </Button>
          </Form.Item>
        </Form>
        {created && (
          <Alert
            style={{ marginTop: 16 }}
            type="success"
            showIcon
            message={t('broadcast.created')}
            description={
              <Space.Compact style={{ width: '100%' }}>
                <Input readOnly value={created} data-testid="broadcast-created-url" />
                <Button onClick={() => void copy(created)}>{t('broadcast.copy')}</Button>
                <Button href={created} target="_blank" rel="noreferrer">
                  {t('broadcast.open')}
                </Button>
              </Space.Compact>
            }
          />
        )}
      </Card>
      <Card>
        <Table<Link>
          rowKey="id"
          size="small"
          loading={links.isLoading}
          dataSource={links.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('broadcast.empty')} /> }}
          columns={[
            {
              title: t('broadcast.kind'),
              dataIndex: 'kind',
              render: (k: Link['kind']) =>
                k === 'table' ? t('broadcast.kindTable') : t('broadcast.kindStandings'),
            },
            { title: t('broadcast.target'), dataIndex: 'target' },
            { title: t('broadcast.size'), dataIndex: 'size' },
            { title: t('broadcast.token'), dataIndex: 'prefix', render: (p: string) => `${p}…` },
            {
              title: t('broadcast.createdAt'),
              dataIndex: 'create_time',
              render: (s: number) => formatMinute(s),
            },
            {
              title: '',
              key: 'revoke',
              render: (_: unknown, link) => (
                <Popconfirm
                  title={t('broadcast.revokeConfirm')}
                  onConfirm={() => revoke.mutateAsync(link.id)}
                  okButtonProps={{ 'data-testid': 'broadcast-revoke-confirm' } as Record<string, string>}
                >
                  <Button danger size="small" data-testid={`broadcast-revoke-${link.id}`}>
                    {t('broadcast.revoke')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

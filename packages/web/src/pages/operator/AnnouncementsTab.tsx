import { LANGS, type Lang, type OperatorAnnouncementWire } from '@taikai/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { z } from 'zod';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { formatMinute } from '../../components/time';
import { announce, deleteAnnouncement, fetchAnnouncements } from './api';

type Announcement = z.infer<typeof OperatorAnnouncementWire>;
type Fields = { lang: Lang; title: string; content: string };

const PAGE_SIZE = 20;

/** Platform announcements (the home page's panel): publish (confirmed), list, delete (confirmed). */
export function AnnouncementsTab({ t }: { t: TFunction }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [page, setPage] = useState(1);
  const n = (key: string, vars?: Record<string, unknown>) => t(`operatorConsole.announcements.${key}`, vars);
  const langName = (lang: string) => n(`langs.${lang}`);

  const list = useQuery({
    queryKey: ['operator', 'announcements', page],
    queryFn: () => fetchAnnouncements((page - 1) * PAGE_SIZE, PAGE_SIZE),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['operator'] });
  const publish = useMutation({
    mutationFn: (fields: Fields) => announce(fields),
    onSuccess: () => {
      void message.success(n('published'));
      form.resetFields(['title', 'content']);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteAnnouncement(id),
    onSuccess: () => {
      void message.success(n('deleted'));
      void refresh();
    },
  });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small" title={n('new')}>
        <Form<Fields> form={form} layout="vertical" initialValues={{ lang: 'default' }}>
          <Form.Item name="lang" label={n('lang')}>
            <Select style={{ width: 200 }} options={LANGS.map((l) => ({ value: l, label: langName(l) }))} />
          </Form.Item>
          <Form.Item name="title" label={n('title')} rules={[{ required: true, whitespace: true, max: 100 }]}>
            <Input maxLength={100} data-testid="operator-announce-title" />
          </Form.Item>
          <Form.Item
            name="content"
            label={n('content')}
            rules={[{ required: true, whitespace: true, max: 5000 }]}
          >
            <Input.TextArea rows={4} maxLength={5000} showCount data-testid="operator-announce-content" />
          </Form.Item>
          <Popconfirm
            title={n('publishConfirm')}
            onConfirm={async () => {
              const fields = await form.validateFields();
              await publish.mutateAsync(fields);
            }}
            okButtonProps={{ 'data-testid': 'operator-confirm' }}
          >
            <Button type="primary" loading={publish.isPending} data-testid="operator-announce-publish">
              {n('publish')}
            </Button>
          </Popconfirm>
        </Form>
      </Card>
      {list.isError && <LoadFailedAlert retrying={list.isFetching} onRetry={() => void list.refetch()} />}
      <Table<Announcement>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty description={n('empty')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: n('time'), dataIndex: 'create_time', width: 150, render: (s: number) => formatMinute(s) },
          {
            title: n('lang'),
            dataIndex: 'lang',
            width: 120,
            render: (l: string) => <Tag>{langName(l)}</Tag>,
          },
          { title: n('title'), dataIndex: 'title', width: 220 },
          {
            title: n('content'),
            dataIndex: 'content',
            render: (c: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{c}</span>,
          },
          {
            title: '',
            key: 'delete',
            width: 90,
            render: (_: unknown, r) => (
              <Popconfirm
                title={n('deleteConfirm', { title: r.title })}
                onConfirm={() => remove.mutateAsync(r.id)}
                okButtonProps={{ 'data-testid': 'operator-confirm' }}
              >
                <Button size="small" danger>
                  {n('delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}

import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogAction } from '../../../components/players/useDialogAction';
import { formatRange } from '../../../components/time';
import type { SeasonListItem } from '../pageProps';

/** "Import players from another season": choose a season of this tournament, confirm. */
export function ImportDialog({
  open,
  seasons,
  onCancel,
  onImport,
}: {
  open: boolean;
  /** The tournament's other seasons. */
  seasons: SeasonListItem[];
  onCancel: () => void;
  onImport: (fromSeasonId: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState<number | undefined>(undefined);
  const { working, run } = useDialogAction(onCancel);

  useEffect(() => {
    if (open) setFrom(undefined);
  }, [open]);

  const ok = async () => {
    if (from === undefined) return;
    await run(() => onImport(from));
  };

  return (
    <Modal
      open={open}
      title={t('roster.importTitle')}
      okText={t('roster.importConfirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{
        disabled: from === undefined,
        loading: working,
        'data-testid': 'roster-import-confirm',
      }}
      onOk={() => void ok()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('roster.importHint')}</Typography.Text>
        {seasons.length === 0 ? (
          <Alert type="info" showIcon title={t('roster.noOtherSeason')} data-testid="roster-import-none" />
        ) : (
          <Select<number>
            data-testid="roster-import-season"
            style={{ width: '100%' }}
            placeholder={t('roster.importSeason')}
            value={from}
            onChange={setFrom}
            options={seasons.map((s) => ({
              value: s.season_id,
              label: (
                <span data-testid={`roster-import-season-${s.season_id}`}>
                  {t('roster.seasonOption', {
                    id: s.season_id,
                    range: formatRange(s.start_time, s.end_time),
                  })}
                </span>
              ),
            }))}
          />
        )}
      </Space>
    </Modal>
  );
}
